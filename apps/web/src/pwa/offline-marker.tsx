import { useOnlineStatus } from './use-online-status';

/** "HH:MM" in the driver's time zone, 24-hour. */
export function clockHhMm(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** "HH:MM", and " on 21 Nov" when that is not today: data from days ago must not read as from this morning. */
export function dataTimeText(ms: number, nowMs = Date.now()): string {
  const d = new Date(ms);
  if (d.toDateString() === new Date(nowMs).toDateString()) return clockHhMm(ms);
  const month = d.toLocaleString('en-GB', { month: 'short' });
  return `${clockHhMm(ms)} on ${d.getDate()} ${month}`;
}

/**
 * "offline — data from HH:MM" beside data that did not come from the server just now. Shown when `dataAtMs`
 * is given and either the browser is offline or `always` (the server could not be reached though online).
 */
export function OfflineMarker({ dataAtMs, always = false }: { dataAtMs: number | null; always?: boolean }) {
  const online = useOnlineStatus();
  if (dataAtMs === null || (online && !always)) return null;
  return (
    <p className="offline-marker" data-testid="offline-marker">
      <span aria-hidden="true" className="offline-marker__dot" />
      {online ? 'no connection' : 'offline'} — data from {dataTimeText(dataAtMs)}
    </p>
  );
}
