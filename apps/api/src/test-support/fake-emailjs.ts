import http from 'node:http';

/**
 * One scripted answer: an HTTP status, `drop` to close the connection without answering, or `hold` to
 * take the request (it counts as received, as if EmailJS had it) and never answer.
 */
export type FakeAnswer = number | 'drop' | 'hold' | { status: number; retryAfterSec?: number };

export interface FakeEmailJsRequest {
  path: string;
  body: Record<string, unknown>;
}

/**
 * A loopback server that answers like EmailJS's `POST /api/v1.0/email/send`: "OK" for 200, the status text
 * otherwise, or a dropped connection. Answers come from `script` in order, then `fallback`. On `port`, or on a
 * free one the system picks (0, the default): its address is `url`.
 */
export async function startFakeEmailJs(port = 0, options: { delayMs?: number } = {}) {
  const requests: FakeEmailJsRequest[] = [];
  const script: FakeAnswer[] = [];
  let fallback: FakeAnswer = 200;
  let held = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = script.shift() ?? fallback;
      const respond = () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {}
        requests.push({ path: req.url ?? '', body });
        if (answer === 'hold') {
          held++;
          return;
        }
        if (answer === 'drop') {
          req.socket.destroy();
          return;
        }
        const { status, retryAfterSec } = typeof answer === 'number' ? { status: answer } : answer;
        const headers: Record<string, string> = { 'content-type': 'text/plain' };
        if (retryAfterSec !== undefined) headers['retry-after'] = String(retryAfterSec);
        res.writeHead(status, headers);
        res.end(status === 200 ? 'OK' : (http.STATUS_CODES[status] ?? 'Error'));
      };
      if (options.delayMs) setTimeout(respond, options.delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    /** Queues answers for the next requests. */
    answer(...answers: FakeAnswer[]) {
      script.push(...answers);
    },
    setFallback(answer: FakeAnswer) {
      fallback = answer;
    },
    /** How many requests were taken and never answered. */
    get held() {
      return held;
    },
    /** How many requests carried a message containing `token`. */
    countFor(token: string) {
      return requests.filter((r) =>
        String((r.body.template_params as { message?: string })?.message).includes(token),
      ).length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeEmailJs = Awaited<ReturnType<typeof startFakeEmailJs>>;
