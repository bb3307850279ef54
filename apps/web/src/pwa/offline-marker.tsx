import { useOnlineStatus } from './use-online-status';

/** "HH:MM" in the driver's time zone, 24-hour. */
export function clockHhMm(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
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
      {online ? 'no connection' : 'offline'} — data from {clockHhMm(dataAtMs)}
    </p>
  );
}
