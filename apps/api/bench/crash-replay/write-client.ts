import type { PlannedWrite } from './write-plan';

/** How one attempt of a write ended, as its client sees it. */
export type AttemptResult =
  | { kind: 'acknowledged'; status: number; id: number; replayed: boolean; body: Record<string, unknown> }
  | { kind: 'retry'; status: number; retryAfterMs: number }
  | { kind: 'refused'; status: number; body: string }
  | { kind: 'unreachable'; reason: string };

/** The client gives up waiting for one attempt after this long and sends the write again with its key. */
export const ATTEMPT_TIMEOUT_MS = 2500;

/** One attempt of `write` against the server at `base`, with the write's Idempotency-Key. */
export async function attemptWrite(base: string, write: PlannedWrite): Promise<AttemptResult> {
  let res: Response;
  try {
    res = await fetch(`${base}${write.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': write.idempotencyKey,
        'x-forwarded-for': write.forwardedFor,
      },
      body: JSON.stringify(write.body),
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return { kind: 'unreachable', reason: cause ?? (err as Error).name };
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    // The server died after the status line: the client cannot know whether its write counted.
    return { kind: 'unreachable', reason: `body cut: ${(err as Error).name}` };
  }
  if (res.status >= 200 && res.status < 300) {
    const body = JSON.parse(text) as Record<string, unknown>;
    return {
      kind: 'acknowledged',
      status: res.status,
      id: idOf(write, body),
      replayed: res.headers.get('idempotent-replayed') === 'true',
      body,
    };
  }
  if (res.status === 409 || res.status === 503 || res.status === 429) {
    const seconds = Number(res.headers.get('retry-after') ?? '1');
    return { kind: 'retry', status: res.status, retryAfterMs: Math.min(1000, seconds * 1000) };
  }
  return { kind: 'refused', status: res.status, body: text };
}

/** The stored row's id the answer names: a report's `report.id`, a proposal's or a message's `id`. */
function idOf(write: PlannedWrite, body: Record<string, unknown>): number {
  if (write.table === 'station_reports') return Number((body.report as { id: number | string }).id);
  return Number(body.id);
}
