import type { ReportCreated } from '@cng/shared/client';
import { useEffect, useRef, useState } from 'react';
import {
  type ArrivalFix,
  type ArrivalState,
  type ArrivalStation,
  arrivalStateAt,
  dwellEndsAtMs,
  INITIAL_ARRIVAL,
  nextArrivalState,
} from './arrival-detection';
import { ReportForm } from './report-form';
import './status.css';
import { t } from '../../i18n/i18n';
import { persistedStore } from '../../lib/persisted-store';
import { shownName } from '../../lib/station-name';

const QUIET_MS = 30 * 60_000;
const STORAGE_KEY = 'cng.arrival-prompt.quiet';

/** Stations the driver dismissed or reported recently: not asked again for 30 minutes (this tab's session). */
const quietStore = persistedStore(
  {
    name: STORAGE_KEY,
    storage: 'session',
    version: 1,
    parse: (stored) => {
      const until = (stored as { until?: unknown } | null)?.until ?? stored;
      const entries = until && typeof until === 'object' ? Object.entries(until) : [];
      return {
        until: Object.fromEntries(entries.filter(([, ms]) => Number.isFinite(ms))) as Record<string, number>,
      };
    },
  },
  () => ({ until: {} as Record<string, number> }),
);

const quietUntil = () => quietStore.getState().until;
function silence(stationId: string) {
  const now = Date.now();
  // Past quiet times are dropped as new ones are added: the record stays small.
  const kept = Object.entries(quietUntil()).filter(([, ms]) => ms > now);
  quietStore.setState({ until: { ...Object.fromEntries(kept), [stationId]: now + QUIET_MS } });
}

export interface ArrivalPromptProps {
  /** The latest GPS fix (null without location). */
  fix: ArrivalFix | null;
  stations: readonly (ArrivalStation & { name: string })[];
  onReported?: (created: ReportCreated) => void;
}

/** Offers "How is it here?" once the driver has been stopped at a station for about a minute. */
export function ArrivalPrompt({ fix, stations, onReported }: ArrivalPromptProps) {
  const state = useRef<ArrivalState>(INITIAL_ARRIVAL);
  const [arrivedId, setArrivedId] = useState<string | null>(null);
  useEffect(() => {
    if (!fix) return;
    const show = () => {
      const id = state.current.arrivedId;
      setArrivedId(id && (quietUntil()[id] ?? 0) < Date.now() ? id : null);
    };
    state.current = nextArrivalState(state.current, fix, stations);
    show();
    // A phone standing still may send no further fix: look again when the dwell is due, with the last fix.
    const dueMs = dwellEndsAtMs(state.current);
    if (dueMs === null) return;
    const timer = setTimeout(
      () => {
        state.current = arrivalStateAt(state.current, Math.max(Date.now(), dueMs), stations);
        show();
      },
      Math.max(0, dueMs - Date.now()),
    );
    // A new fix (or new stations) re-evaluates and sets its own timer.
    return () => clearTimeout(timer);
  }, [fix, stations]);

  const station = stations.find((s) => s.id === arrivedId);
  if (!station || !fix) return null;
  const close = () => {
    silence(station.id);
    setArrivedId(null);
  };
  return (
    <aside className="arrival-prompt" aria-label={t('report.arrival.label', { station: shownName(station) })}>
      <ReportForm
        stationId={station.id}
        stationName={shownName(station)}
        position={{ lon: fix.lon, lat: fix.lat, ...(fix.accuracyM ? { accuracyM: fix.accuracyM } : {}) }}
        title={t('report.form.title')}
        onReported={(created) => {
          close();
          onReported?.(created);
        }}
      />
      <button type="button" className="arrival-prompt__dismiss" onClick={close}>
        {t('report.arrival.notNow')}
      </button>
    </aside>
  );
}
