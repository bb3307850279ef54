import type { ReportRequest } from '@cng/shared/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n/i18n';
import type { SubmitReportResult } from './report-api';
import {
  flushReportQueue,
  MAX_QUEUED_REPORTS,
  QUEUED_REPORT_MAX_AGE_MIN,
  queueReport,
  REPORT_QUEUE_KEY,
  readReportQueue,
  reportQueueStore,
  submitReportOrQueue,
} from './report-queue';

// The flush loads its words in the page's language.
beforeAll(() => activateLocale('en'));

const report: ReportRequest = { status: 'available', queueMin: 5 };
const created = { kind: 'created', created: {} } as SubmitReportResult;
const offline = { kind: 'network-error', message: 'No connection.' } as SubmitReportResult;

/** A stand-in server that answers each call with the next result and records what it was sent. */
function server(...answers: SubmitReportResult[]) {
  const calls: { stationId: string; report: ReportRequest; key: string | undefined }[] = [];
  const send = async (stationId: string, body: ReportRequest, options: { idempotencyKey?: string } = {}) => {
    calls.push({ stationId, report: body, key: options.idempotencyKey });
    return answers.shift() ?? created;
  };
  return { send, calls };
}

afterEach(async () => {
  localStorage.clear();
  await reportQueueStore.persist.rehydrate();
});

describe('offline report queue', () => {
  it('sends one key with every attempt of a report, so a send whose answer was lost is not counted twice', async () => {
    const lost = server(offline);
    const result = await submitReportOrQueue('st-3', report, 'C', lost.send);
    expect(result.kind).toBe('queued');
    const first = lost.calls[0]!.key;
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    const later = server(created);
    const flushed = await flushReportQueue(later.send);
    expect(flushed.delivered).toHaveLength(1);
    expect(later.calls[0]!.key).toBe(first);
    // Another report gets another key.
    const next = server(created);
    await submitReportOrQueue('st-3', report, 'C', next.send);
    expect(next.calls[0]!.key).not.toBe(first);
  });

  it('sends at once when the server answers, and queues only when there is no connection', async () => {
    const online = server(created);
    expect((await submitReportOrQueue('st-1', report, 'A', online.send)).kind).toBe('created');
    expect(readReportQueue()).toHaveLength(0);

    const down = server(offline);
    const result = await submitReportOrQueue('st-2', report, 'B', down.send);
    expect(result.kind).toBe('queued');
    const stored = JSON.parse(localStorage.getItem(REPORT_QUEUE_KEY) ?? '{}').state.queue;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ stationId: 'st-2', stationName: 'B', report });
  });

  it('delivers queued reports oldest first with the same body, then empties the queue', async () => {
    const t0 = new Date();
    const a = queueReport('st-1', { status: 'no_gas' }, null, new Date(t0.getTime() - 60_000));
    const b = queueReport('st-2', report, null, t0);
    const up = server(created, created);
    const result = await flushReportQueue(up.send, t0);
    expect(up.calls).toEqual([
      { stationId: 'st-1', report: { status: 'no_gas' }, key: a.key },
      { stationId: 'st-2', report, key: b.key },
    ]);
    expect(result.delivered.map((q) => q.stationId)).toEqual(['st-1', 'st-2']);
    expect(result.remaining).toBe(0);
    expect(localStorage.getItem(REPORT_QUEUE_KEY)).toBeNull();
  });

  it('stops at the first network error and keeps that report and the later ones in order', async () => {
    const now = new Date();
    for (const id of ['a', 'b', 'c']) queueReport(id, report, null, now);
    const flaky = server(created, offline);
    const result = await flushReportQueue(flaky.send, now);
    expect(flaky.calls.map((c) => c.stationId)).toEqual(['a', 'b']);
    expect(result.remaining).toBe(2);
    expect(readReportQueue().map((q) => q.stationId)).toEqual(['b', 'c']);
  });

  it('drops reports the server refuses or that are too old, and says why', async () => {
    const now = new Date();
    queueReport('old', report, 'Old', new Date(now.getTime() - (QUEUED_REPORT_MAX_AGE_MIN + 1) * 60_000));
    queueReport('far', report, 'Far', now);
    queueReport('busy', report, 'Busy', now);
    const refusing = server(
      { kind: 'too-far', distanceM: 900, message: 'too far' },
      { kind: 'server-error', status: 503, message: 'down' },
    );
    const result = await flushReportQueue(refusing.send, now);
    // The old one is never sent.
    expect(refusing.calls.map((c) => c.stationId)).toEqual(['far', 'busy']);
    expect(result.dropped.map((d) => [d.queued.stationId, d.reason])).toEqual([
      ['old', `it was more than ${QUEUED_REPORT_MAX_AGE_MIN} minutes old`],
      ['far', 'the server found you too far from the station'],
    ]);
    // A 5xx keeps the report for the next try.
    expect(readReportQueue().map((q) => q.stationId)).toEqual(['busy']);
  });

  it('keeps at most MAX_QUEUED_REPORTS, dropping the oldest', () => {
    for (let i = 0; i < MAX_QUEUED_REPORTS + 3; i++) queueReport(`st-${i}`, report);
    const queue = readReportQueue();
    expect(queue).toHaveLength(MAX_QUEUED_REPORTS);
    expect(queue[0]?.stationId).toBe('st-3');
  });
});
