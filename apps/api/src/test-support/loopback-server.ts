import http from 'node:http';

export interface Recorded {
  method: string;
  url: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A tiny HTTP server on 127.0.0.1 that answers with `respond` and records every request. */
export async function startLoopbackServer(
  port: number,
  respond: (req: Recorded) => { status: number; body: string; delayMs?: number },
) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const rec = { method: req.method ?? '', url: req.url ?? '', body, headers: req.headers };
      requests.push(rec);
      const out = respond(rec);
      setTimeout(() => {
        res.writeHead(out.status, { 'content-type': 'application/json' });
        res.end(out.body);
      }, out.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
