import { intlLocale, t } from '../i18n/i18n';
import { useOnlineStatus } from './use-online-status';

/** "HH:MM" in the driver's time zone, 24-hour, in the page's digits (०६:०५ in Marathi). */
export function clockHhMm(ms: number): string {
  return new Intl.DateTimeFormat(intlLocale(), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

/** "HH:MM", and " on 21 Nov" when that is not today: data from days ago must not read as from this morning. */
export function dataTimeText(ms: number, nowMs = Date.now()): string {
  const time = clockHhMm(ms);
  if (new Date(ms).toDateString() === new Date(nowMs).toDateString()) return time;
  const date = new Intl.DateTimeFormat(intlLocale(), { day: 'numeric', month: 'short' }).format(ms);
  return t('common.offline.timeOnDate', { time, date });
}

/**
 * "offline — data from HH:MM" beside data that did not come from the server just now. Shown when `dataAtMs`
 * is given and either the browser is offline or `always` (the server could not be reached though online).
 */
export function OfflineMarker({ dataAtMs, always = false }: { dataAtMs: number | null; always?: boolean }) {
  const online = useOnlineStatus();
  if (dataAtMs === null || (online && !always)) return null;
  const time = dataTimeText(dataAtMs);
  return (
    <p className="offline-marker" data-testid="offline-marker">
      <span aria-hidden="true" className="offline-marker__dot" />
      {online ? t('common.offline.noConnection', { time }) : t('common.offline.offline', { time })}
    </p>
  );
}
