import type {
  ApiError,
  ReportCreated,
  ReportPosition,
  ReportRequest,
  RetryLaterError,
  TooFarError,
} from '@cng/shared';

/** Every way a report can end, so callers (and the offline queue of issue 9) can react to each. */
export type SubmitReportResult =
  | { kind: 'created'; created: ReportCreated }
  | { kind: 'too-far'; distanceM: number; message: string }
  | { kind: 'rate-limited'; retryAfterSec: number; retryAt: string | null; message: string }
  | { kind: 'invalid'; message: string; fields: string[] }
  | { kind: 'not-found'; message: string }
  /** No answer at all (offline, DNS, connection reset): worth retrying later with the same body. */
  | { kind: 'network-error'; message: string }
  | { kind: 'server-error'; status: number; message: string };

/**
 * Sends one driver report: POST /api/stations/:id/reports. Never throws for HTTP or network failures;
 * the result says what happened. The device cookie travels with the same-origin request.
 */
export async function submitReport(
  stationId: string,
  report: ReportRequest,
  options: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {},
): Promise<SubmitReportResult> {
  let res: Response;
  try {
    res = await (options.fetchImpl ?? fetch)(`/api/stations/${encodeURIComponent(stationId)}/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(report),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { kind: 'network-error', message: 'No connection. Your report was not sent.' };
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const message = typeof body?.message === 'string' ? body.message : `The server answered ${res.status}.`;
  switch (res.status) {
    case 201:
      return { kind: 'created', created: body as unknown as ReportCreated };
    case 422:
      return { kind: 'too-far', distanceM: (body as unknown as TooFarError).distanceM, message };
    case 429: {
      const retry = body as unknown as RetryLaterError | null;
      const header = Number(res.headers.get('retry-after'));
      return {
        kind: 'rate-limited',
        retryAfterSec: retry?.retryAfterSec ?? (Number.isFinite(header) ? header : 60),
        retryAt: retry?.retryAt ?? null,
        message,
      };
    }
    case 404:
      return { kind: 'not-found', message };
    case 400:
      return {
        kind: 'invalid',
        message,
        fields: ((body as unknown as ApiError | null)?.details ?? []).map((d) => d.field),
      };
    default:
      return { kind: 'server-error', status: res.status, message };
  }
}

/** The browser's current position as a report position, or null when denied, unavailable or slow. */
export function currentReportPosition(timeoutMs = 6000): Promise<ReportPosition | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          lon: p.coords.longitude,
          lat: p.coords.latitude,
          accuracyM: Math.round(p.coords.accuracy),
        }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
