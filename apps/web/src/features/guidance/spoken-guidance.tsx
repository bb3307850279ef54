import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { t } from '../../i18n/i18n';
import { persistedStore } from '../../lib/persisted-store';
import type { GuidancePanel } from './announcer';
import type { Guidance } from './guidance-engine';
import './voice.css';

/**
 * The small part of spoken guidance that ships with the finder (ADR 0018): the remembered on/off switch and
 * the hook that feeds the panel's state to the announcer. The announcer, the speech adapter and the voice
 * settings load only when the driver turns guidance on.
 */

/** Guidance on or off, remembered on the device (stored as `1` before this store existed). */
const voiceStore = persistedStore(
  {
    name: 'cng.voice.on',
    storage: 'local',
    version: 1,
    parse: (stored) => ({ on: stored === 1 || (stored as { on?: unknown } | null)?.on === true }),
  },
  () => ({ on: false }),
);

const setOn = (on: boolean) => voiceStore.setState({ on });
const useOn = () => useStore(voiceStore, (s) => s.on);

const canSpeak = () => typeof window !== 'undefined' && 'speechSynthesis' in window;

/** Speaks what the heads-up panel shows, at the moments the announcer picks, while guidance is on. */
export function useSpokenGuidance(panel: GuidancePanel) {
  const enabled = useOn() && canSpeak();
  const [guidance, setGuidance] = useState<Guidance | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let created: Guidance | null = null;
    void import('./guidance-engine').then((m) => {
      if (!live) return;
      created = m.createGuidance();
      setGuidance(created);
    });
    return () => {
      live = false;
      created?.stop();
      setGuidance(null);
    };
  }, [enabled]);
  const { station, kind, heading, manual } = panel;
  useEffect(() => {
    guidance?.update({ station, kind, heading: { deg: heading.deg, source: heading.source }, manual });
  }, [guidance, station, kind, heading.deg, heading.source, manual]);
}

const VoiceSettings = lazy(() => import('./voice-settings'));

/** The "Spoken guidance" switch (off until the driver turns it on, remembered) and, when on, the voice settings. */
export function SpokenGuidance() {
  const enabled = useOn();
  if (!canSpeak()) return null;
  return (
    <div className="voice" data-testid="voice">
      <label className="voice__toggle">
        <input
          type="checkbox"
          role="switch"
          aria-checked={enabled}
          data-testid="voice-toggle"
          checked={enabled}
          onChange={(e) => setOn(e.currentTarget.checked)}
        />
        {t('voice.settings.toggle')}
      </label>
      {enabled && (
        <Suspense fallback={null}>
          <VoiceSettings />
        </Suspense>
      )}
    </div>
  );
}
