import type { ApiError } from '@cng/shared/client';
import { type MessageId, t } from '../i18n/i18n';

/**
 * The one way the web app talks to its API (same origin, JSON). Every call ends in an ApiResponse, and every
 * failure takes the same path: no answer at all (`status` 0, `network`), or an answer that was not 2xx with
 * the server's message and the fields it named. Only an abort is thrown, so callers can drop stale answers.
 */

/** An API answer, or why there was none usable. */
export type ApiResponse<T> =
  | { ok: true; status: number; body: T; headers: Headers }
  | { ok: false; failure: ApiFailure };

/** Why a call failed: `status` 0 means no answer (offline, DNS, connection reset, timeout). */
export interface ApiFailure {
  status: number;
  /** The server's message, or ours when it sent none. */
  message: string;
  /** Fields the server named as bad (400), in order. */
  fields: string[];
  /** The error body as sent (429 and 422 carry more than ApiError), or null. */
  body: (ApiError & Record<string, unknown>) | null;
  headers: Headers | null;
}

/** A failed call, thrown by apiGet: status 0 for no answer. */
export class ApiClientError extends Error {
  readonly status: number;
  readonly fields: string[];
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiClientError';
    this.status = failure.status;
    this.fields = failure.fields;
    this.failure = failure;
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  json?: unknown;
  signal?: AbortSignal;
  cache?: RequestCache;
  headers?: Record<string, string>;
  /** Gives up (as no answer) after this long. */
  timeoutMs?: number;
  /** For tests: a fetch to use instead of the global one. */
  fetchImpl?: typeof fetch;
}

/**
 * A message of the finder's catalog, or `english` on a page that has not loaded it (the API client also serves
 * pages such as the contact form, which never show these words), or before any language is active.
 */
export function apiMessage(id: MessageId, english: string, values?: Record<string, unknown>): string {
  try {
    const text = t(id, values);
    return text === id ? english : text;
  } catch {
    // No language active yet (a module calling before the page set one up).
    return english;
  }
}

/** "No connection." in the page's language. */
export const noConnection = (): string => apiMessage('finder.errors.noConnection', 'No connection.');

function isAbort(err: unknown): boolean {
  return (err as Error | null)?.name === 'AbortError';
}

/** Sends one request to `path` (an /api/… path); never throws except when the caller's signal aborts it. */
export async function apiRequest<T>(path: string, req: ApiRequest = {}): Promise<ApiResponse<T>> {
  // The caller's signal and the timeout, combined by hand (AbortSignal.any is missing on older phones).
  let signal = req.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unlink = () => {};
  if (req.timeoutMs) {
    const both = new AbortController();
    timer = setTimeout(() => both.abort(), req.timeoutMs);
    const outer = req.signal;
    const forward = () => both.abort();
    if (outer?.aborted) both.abort();
    outer?.addEventListener('abort', forward, { once: true });
    unlink = () => outer?.removeEventListener('abort', forward);
    signal = both.signal;
  }
  let res: Response;
  // The time limit covers the whole answer, body included (a body that stalls is no answer either).
  let body: unknown = null;
  let bodyRead = false;
  try {
    res = await (req.fetchImpl ?? fetch)(path, {
      method: req.method ?? 'GET',
      cache: req.cache,
      signal,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(req.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...req.headers,
      },
      body: req.json !== undefined ? JSON.stringify(req.json) : undefined,
    });
    try {
      body = await res.json();
      bodyRead = true;
    } catch (err) {
      if (isAbort(err)) throw err;
    }
  } catch (err) {
    if (isAbort(err) && req.signal?.aborted) throw err;
    return {
      ok: false,
      failure: { status: 0, message: noConnection(), fields: [], body: null, headers: null },
    };
  } finally {
    clearTimeout(timer);
    unlink();
  }
  // A success whose body is not JSON is not our server (a captive portal's login page, a proxy's notice):
  // it is no answer, so nothing is taken as done (a queued report stays queued).
  if (res.ok && !bodyRead && res.status !== 204) {
    return {
      ok: false,
      failure: { status: 0, message: noConnection(), fields: [], body: null, headers: res.headers },
    };
  }
  if (res.ok) return { ok: true, status: res.status, body: body as T, headers: res.headers };
  const error = body && typeof body === 'object' ? (body as ApiError & Record<string, unknown>) : null;
  return {
    ok: false,
    failure: {
      status: res.status,
      message:
        typeof error?.message === 'string'
          ? error.message
          : apiMessage('finder.errors.serverAnswered', `The server answered ${res.status}.`, {
              status: String(res.status),
            }),
      fields: Array.isArray(error?.details) ? error.details.map((d) => d.field) : [],
      body: error,
      headers: res.headers,
    },
  };
}

/** GET `path` and its JSON body; throws ApiClientError on any failure (and the abort error on abort). */
export async function apiGet<T>(path: string, req: Omit<ApiRequest, 'method' | 'json'> = {}): Promise<T> {
  const res = await apiRequest<T>(path, req);
  if (!res.ok) throw new ApiClientError(res.failure);
  return res.body;
}
