import { clockHhMm } from './offline-marker';
import type { FlushResult, QueuedReport } from './report-queue';

const label = (q: QueuedReport) =>
  `your report${q.stationName ? ` for ${q.stationName}` : ''} from ${clockHhMm(Date.parse(q.queuedAt))}`;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The sentence telling the driver what happened to the reports queued offline; null when nothing did. */
export function describeFlush(result: FlushResult): string | null {
  const parts: string[] = [];
  if (result.delivered.length === 1)
    parts.push(`${capital(label(result.delivered[0] as QueuedReport))} was sent.`);
  else if (result.delivered.length > 1)
    parts.push(`${result.delivered.length} reports made offline were sent.`);
  for (const { queued, reason } of result.dropped)
    parts.push(`${capital(label(queued))} was not sent: ${reason}.`);
  if (parts.length && result.remaining) parts.push(`${result.remaining} still waiting.`);
  return parts.length ? parts.join(' ') : null;
}
