// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ApiClientError, apiGet, apiRequest } from './api-client';

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers }));

describe('API client', () => {
  it('gives one failure shape for a refusal: status, the server message and the fields it named', async () => {
    const fetchImpl = json(
      { error: 'bad_request', message: 'lat must be a number', details: [{ field: 'lat', problem: 'x' }] },
      400,
    );
    const res = await apiRequest('/api/stations/nearest', { fetchImpl });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.failure).toMatchObject({ status: 400, message: 'lat must be a number', fields: ['lat'] });
  });

  it('reports no answer as status 0, and apiGet throws it as an ApiClientError', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const res = await apiRequest('/api/status', { fetchImpl });
    expect(res.ok ? null : res.failure.status).toBe(0);
    const err = await apiGet('/api/status', { fetchImpl }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect((err as ApiClientError).status).toBe(0);
  });

  it('takes a 200 that is not JSON (a captive portal page) as no answer', async () => {
    const portal = vi.fn(
      async () =>
        new Response('<html>Log in to the station Wi-Fi</html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    );
    const res = await apiRequest('/api/stations/x/reports', { method: 'POST', json: {}, fetchImpl: portal });
    expect(res.ok).toBe(false);
    expect(res.ok ? null : res.failure.status).toBe(0);
  });

  it('gives up on an answer whose body stalls past the time limit', async () => {
    const stalled = vi.fn(
      async (_url: string, init?: RequestInit) =>
        new Response(
          new ReadableStream({
            start(controller) {
              init?.signal?.addEventListener('abort', () =>
                controller.error(new DOMException('aborted', 'AbortError')),
              );
            },
          }),
          { status: 200 },
        ),
    );
    const res = await apiRequest('/api/status', {
      timeoutMs: 50,
      fetchImpl: stalled as unknown as typeof fetch,
    });
    expect(res.ok ? null : res.failure.status).toBe(0);
  });

  it('sends JSON bodies with the content type, and throws only when the caller aborts', async () => {
    const fetchImpl = json({ id: 1 }, 201);
    const ok = await apiRequest<{ id: number }>('/api/contact', {
      method: 'POST',
      json: { a: 1 },
      fetchImpl,
    });
    expect(ok).toMatchObject({ ok: true, status: 201, body: { id: 1 } });
    const init = (fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');

    const controller = new AbortController();
    controller.abort();
    const aborting = vi.fn(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(apiRequest('/api/x', { signal: controller.signal, fetchImpl: aborting })).rejects.toThrow(
      'aborted',
    );
  });
});
