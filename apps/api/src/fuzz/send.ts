import http from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { FuzzRequest, OriginMode } from './arbitraries';

export interface FuzzResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** The Origin / Sec-Fetch-Site headers of a mode, for a server reached as `host`. */
export function originHeaders(mode: OriginMode, host: string): Record<string, string> {
  switch (mode) {
    case 'none':
      return {};
    case 'same-fetch-site':
      return { 'sec-fetch-site': 'same-origin', origin: `http://${host}` };
    case 'same-host':
      return { origin: `http://${host}` };
    case 'cross-origin':
      return { origin: 'https://evil.example' };
    case 'cross-fetch-site':
      return { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
    case 'null':
      return { origin: 'null' };
  }
}

/** The body as text, decompressed as its content-encoding says (the app compresses when asked). */
function decoded(raw: Buffer, encoding: unknown): string {
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(raw).toString('utf8');
  return raw.toString('utf8');
}

/** Whether a mode claims another site: a write from it must not be accepted. */
export const isCrossOrigin = (mode: OriginMode) =>
  mode === 'cross-origin' || mode === 'cross-fetch-site' || mode === 'null';

export async function viaInject(app: FastifyInstance, req: FuzzRequest): Promise<FuzzResponse> {
  const res = await app.inject({
    method: req.method,
    url: req.url,
    headers: { ...req.headers, ...originHeaders(req.origin, 'localhost:80') },
    ...(req.body ? { payload: req.body } : {}),
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: decoded(res.rawPayload, res.headers['content-encoding']),
  };
}

/**
 * Over a real socket, with the raw path as generated (http.request sends it unchanged). An event stream is
 * read up to its head and then closed: it never ends on its own.
 */
export function viaSocket(port: number, agent: http.Agent, req: FuzzRequest): Promise<FuzzResponse> {
  const host = `127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          ...originHeaders(req.origin, host),
          ...(req.body ? { 'content-length': String(req.body.length) } : {}),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (String(res.headers['content-type']).startsWith('text/event-stream')) {
          res.destroy();
          resolve({ status, headers: res.headers, body: '' });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status,
            headers: res.headers,
            body: decoded(Buffer.concat(chunks), res.headers['content-encoding']),
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.setTimeout(15_000, () => r.destroy(new Error(`no answer within 15 s: ${req.method} ${req.url}`)));
    r.end(req.body ?? undefined);
  });
}
