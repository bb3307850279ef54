import type {
  ReportCreated,
  ReportPosition,
  ReportRequest,
  RetryLaterError,
  TooFarError,
} from '@cng/shared/client';
import { t } from '../../i18n/i18n';
import { apiRequest } from '../../lib/api-client';

/** Every way a report can end, so callers (and the offline queue) can react to each. */
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
  options: { signal?: AbortSignal; fetchImpl?: typeof fetch; idempotencyKey?: string } = {},
): Promise<SubmitReportResult> {
  const res = await apiRequest<ReportCreated>(`/api/stations/${encodeURIComponent(stationId)}/reports`, {
    method: 'POST',
    json: report,
    signal: options.signal,
    fetchImpl: options.fetchImpl,
    // The same key on every send of one report: a send whose answer was lost is not counted twice.
    headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined,
  });
  // Only our server's 201 with its body says the report is stored; anything else keeps it unsent.
  if (res.ok && res.status === 201 && res.body) return { kind: 'created', created: res.body };
  if (res.ok) return { kind: 'network-error', message: t('report.submit.noConnection') };
  const { status, message, body, headers, fields } = res.failure;
  switch (status) {
    case 0:
      return { kind: 'network-error', message: t('report.submit.noConnection') };
    case 422:
      // The key was used for another report (never with keys made by newIdempotencyKey): refused as invalid.
      if (fields.includes('Idempotency-Key')) return { kind: 'invalid', message, fields };
      return { kind: 'too-far', distanceM: (body as unknown as TooFarError).distanceM, message };
    case 429: {
      const retry = body as unknown as RetryLaterError | null;
      const header = Number(headers?.get('retry-after'));
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
      return { kind: 'invalid', message, fields };
    default:
      return { kind: 'server-error', status, message };
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

/** A key for one write, sent with each of its attempts (the API's Idempotency-Key, 1–255 visible ASCII). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
