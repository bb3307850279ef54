import { t } from '../../i18n/i18n';
import { clockHhMm } from '../../pwa/offline-marker';
import type { FlushResult, QueuedReport } from './report-queue';

const when = (q: QueuedReport) => clockHhMm(Date.parse(q.queuedAt));

/** The sentence telling the driver what happened to the reports queued offline; null when nothing did. */
export function describeFlush(result: FlushResult): string | null {
  const parts: string[] = [];
  const [one] = result.delivered;
  if (result.delivered.length === 1 && one)
    parts.push(
      one.stationName
        ? t('report.flush.sentOneFor', { station: one.stationName, time: when(one) })
        : t('report.flush.sentOne', { time: when(one) }),
    );
  else if (result.delivered.length > 1)
    parts.push(t('report.flush.sentMany', { count: result.delivered.length }));
  for (const { queued, reason } of result.dropped)
    parts.push(
      queued.stationName
        ? t('report.flush.droppedFor', { station: queued.stationName, time: when(queued), reason })
        : t('report.flush.dropped', { time: when(queued), reason }),
    );
  if (parts.length && result.remaining) parts.push(t('report.flush.remaining', { count: result.remaining }));
  return parts.length ? parts.join(' ') : null;
}
