import { type AttemptResult, attemptWrite } from './write-client';
import type { PlannedWrite } from './write-plan';

/** What happened to one write across all its attempts, before and after the restart. */
export interface WriteRecord {
  write: PlannedWrite;
  attempts: AttemptResult[];
  /** Every 2xx answer it got (a replay repeats the first). */
  acknowledged: Extract<AttemptResult, { kind: 'acknowledged' }>[];
  /** The moment the first 2xx arrived: before the kill, or from the restarted server. */
  acknowledgedBy?: 'first server' | 'restarted server';
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends `record`'s write until it is acknowledged, refused, or the server stops answering: a timeout, a 503
 * or a 409 is sent again with the same key (after Retry-After, at most 1 s); `sentTwice` sends the first
 * attempt twice at once. Answers false when the server could not be reached, so the write waits for the
 * restarted server.
 */
export async function driveWrite(
  base: string,
  record: WriteRecord,
  phase: NonNullable<WriteRecord['acknowledgedBy']>,
  opts: { maxAttempts: number; serverGone: () => boolean },
): Promise<boolean> {
  for (let i = 0; i < opts.maxAttempts; i++) {
    const results =
      i === 0 && record.write.sentTwice
        ? await Promise.all([
            attemptWrite(base, record.write),
            delay(20).then(() => attemptWrite(base, record.write)),
          ])
        : [await attemptWrite(base, record.write)];
    record.attempts.push(...results);
    for (const r of results) {
      if (r.kind !== 'acknowledged') continue;
      record.acknowledged.push(r);
      record.acknowledgedBy ??= phase;
    }
    if (record.acknowledged.length || results.some((r) => r.kind === 'refused')) return true;
    const unreachable = results.find((r) => r.kind === 'unreachable');
    if (unreachable && opts.serverGone()) return false;
    const wait = results.find((r) => r.kind === 'retry');
    await delay(wait?.kind === 'retry' ? wait.retryAfterMs : 100);
  }
  return true;
}

/**
 * `clients` drivers take the next write of `records` in turn and drive it (driveWrite) until the server is
 * gone; `onAcknowledged` hears of each write acknowledged.
 */
export async function runLoad(
  base: string,
  records: WriteRecord[],
  opts: { clients: number; serverGone: () => boolean; onAcknowledged?: () => void },
): Promise<void> {
  let next = 0;
  const client = async () => {
    while (next < records.length && !opts.serverGone()) {
      const record = records[next++]!;
      await driveWrite(base, record, 'first server', { maxAttempts: 30, ...opts });
      if (record.acknowledgedBy) opts.onAcknowledged?.();
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, client));
}
