import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { t } from '../../../i18n/i18n';
import type { GuidancePanel } from './announcer';
import type { Guidance } from './guidance-engine';
import './voice.css';

/**
 * The small part of spoken guidance that ships with the finder (ADR 0018): the remembered on/off switch and
 * the hook that feeds the panel's state to the announcer. The announcer, the speech adapter and the voice
 * settings load only when the driver turns guidance on.
 */

const KEY = 'cng.voice.on';
const listeners = new Set<() => void>();
let on: boolean | null = null;

function isOn(): boolean {
  if (on === null) {
    try {
      on = localStorage.getItem(KEY) === '1';
    } catch {
      on = false;
    }
  }
  return on;
}

function setOn(value: boolean) {
  on = value;
  try {
    if (value) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Not remembered in private mode: on for this page only.
  }
  for (const l of [...listeners]) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const useOn = () => useSyncExternalStore(subscribe, isOn, () => false);

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
