import type { ReportRequest } from '@cng/shared/client';
import { loadMessages, type MessageId, t } from '../../i18n/i18n';
import { persistedStore } from '../../lib/persisted-store';
import { newIdempotencyKey, type SubmitReportResult, submitReport } from './report-api';
import { REPORT_QUEUE_KEY } from './report-queue-key';

export { REPORT_QUEUE_KEY };

/** Most reports kept waiting: a long dead zone, not a backlog. */
export const MAX_QUEUED_REPORTS = 20;
/** Older reports are not sent: the server dates a report on arrival, and an hour-old "no gas" would mislead. */
export const QUEUED_REPORT_MAX_AGE_MIN = 60;

/** A report made without a connection, waiting to be sent with the same body. */
export interface QueuedReport {
  key: string;
  stationId: string;
  stationName: string | null;
  report: ReportRequest;
  queuedAt: string;
}

/** submitReport's outcomes, plus "kept on this device until the network is back". */
export type SubmitOrQueueResult = SubmitReportResult | { kind: 'queued'; queued: QueuedReport };

/** What one flush did, for the notice the driver sees. */
export interface FlushResult {
  delivered: QueuedReport[];
  /** Refused by the server (too far, too soon, unknown station) or too old to send: dropped. */
  dropped: { queued: QueuedReport; reason: string }[];
  remaining: number;
}

const isQueued = (q: QueuedReport) => typeof q?.stationId === 'string' && !!q.report?.status;

/** The waiting reports, oldest first, on the device (stored as the plain list before this store existed). */
export const reportQueueStore = persistedStore(
  {
    name: REPORT_QUEUE_KEY,
    storage: 'local',
    version: 1,
    parse: (stored) => {
      const list = Array.isArray(stored) ? stored : (stored as { queue?: unknown } | null)?.queue;
      return { queue: Array.isArray(list) ? (list as QueuedReport[]).filter(isQueued) : [] };
    },
  },
  () => ({ queue: [] as QueuedReport[] }),
);

let flushing: Promise<FlushResult> | null = null;
/** What became of each queued report sent or dropped in this page, by key, for the form that queued it. */
const deliveries = new Map<string, string>();

/** "Sent" or "not sent: why" for a report queued from this page; null while it waits. */
export function reportDelivery(key: string | null): string | null {
  return key ? (deliveries.get(key) ?? null) : null;
}

/** The waiting reports, oldest first. */
export const readReportQueue = (): QueuedReport[] => reportQueueStore.getState().queue;

function write(next: QueuedReport[]) {
  // An empty queue leaves nothing in storage: the site's frame looks for the key to know there is work.
  if (next.length === 0) {
    reportQueueStore.setState({ queue: next });
    reportQueueStore.persist.clearStorage();
  } else reportQueueStore.setState({ queue: next });
}

/** Keeps a report for later; the oldest is dropped past MAX_QUEUED_REPORTS. */
export function queueReport(
  stationId: string,
  report: ReportRequest,
  stationName: string | null = null,
  now = new Date(),
  key = newIdempotencyKey(),
): QueuedReport {
  const queued: QueuedReport = {
    // Also the report's Idempotency-Key: every send of it carries this one.
    key,
    stationId,
    stationName,
    report,
    queuedAt: now.toISOString(),
  };
  write([...readReportQueue(), queued].slice(-MAX_QUEUED_REPORTS));
  return queued;
}

/** Sends a report now, or queues it when there is no connection (the result then says "queued"). */
export async function submitReportOrQueue(
  stationId: string,
  report: ReportRequest,
  stationName: string | null = null,
  send: typeof submitReport = submitReport,
): Promise<SubmitOrQueueResult> {
  // Made before the first send: if its answer is lost, the queued resend carries the same key.
  const key = newIdempotencyKey();
  const result = await send(stationId, report, { idempotencyKey: key });
  if (result.kind !== 'network-error') return result;
  return { kind: 'queued', queued: queueReport(stationId, report, stationName, new Date(), key) };
}

/** Why the server's refusal drops a queued report, as message ids (words in the page's language at flush time). */
const DROP_REASONS: Partial<Record<SubmitReportResult['kind'], MessageId>> = {
  'too-far': 'report.queue.reason.tooFar',
  'rate-limited': 'report.queue.reason.rateLimited',
  invalid: 'report.queue.reason.invalid',
  'not-found': 'report.queue.reason.notFound',
};

async function flushOnce(send: typeof submitReport, now: Date): Promise<FlushResult> {
  const result: FlushResult = { delivered: [], dropped: [], remaining: 0 };
  const queue = readReportQueue();
  for (const queued of queue) {
    const ageMin = (now.getTime() - Date.parse(queued.queuedAt)) / 60_000;
    if (!(ageMin <= QUEUED_REPORT_MAX_AGE_MIN)) {
      result.dropped.push({
        queued,
        reason: t('report.queue.reason.tooOld', { max: QUEUED_REPORT_MAX_AGE_MIN }),
      });
      continue;
    }
    const sent = await send(queued.stationId, queued.report, { idempotencyKey: queued.key });
    if (sent.kind === 'created') result.delivered.push(queued);
    else if (DROP_REASONS[sent.kind])
      result.dropped.push({ queued, reason: t(DROP_REASONS[sent.kind] as MessageId) });
    else if (sent.kind === 'network-error') {
      // Still no connection: this one and the rest wait for the next try, in order.
      break;
    }
    // A server error (5xx) keeps the report queued for the next try.
  }
  // Reports queued while this flush was sending stay queued too.
  for (const q of result.delivered) deliveries.set(q.key, t('report.queue.sent'));
  for (const d of result.dropped)
    deliveries.set(d.queued.key, t('report.queue.notSent', { reason: d.reason }));
  const handled = new Set([...result.delivered, ...result.dropped.map((d) => d.queued)].map((q) => q.key));
  write(readReportQueue().filter((q) => !handled.has(q.key)));
  result.remaining = readReportQueue().length;
  return result;
}

/**
 * Sends the waiting reports, oldest first. One flush at a time per page, and per browser where Web Locks
 * exist, so two tabs coming back online do not send a report twice.
 */
export function flushReportQueue(send: typeof submitReport = submitReport, now = new Date()) {
  flushing ??= (async () => {
    try {
      // The words of what became of each report: any page may flush, not only those showing the report form.
      await loadMessages(['report']).catch(() => undefined);
      // What storage holds now: another tab may have sent some of the reports already.
      const fresh = async () => {
        await reportQueueStore.persist.rehydrate();
        return flushOnce(send, now);
      };
      const locks = (globalThis.navigator as Navigator | undefined)?.locks;
      if (!locks) return await fresh();
      return (await locks.request('cng-report-queue', fresh)) as FlushResult;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}
