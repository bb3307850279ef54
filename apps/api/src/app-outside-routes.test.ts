import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/test-app';

/** Sends raw bytes and resolves with everything the server answers before it closes. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => {
      text += d;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
  });
}

const execFileAsync = promisify(execFile);

/**
 * POSTs `file` with curl, a client that sends the whole body before it reads the answer (no Expect:
 * 100-continue): resolves with the status it read, or its exit code when the answer was lost to a reset.
 */
async function upload(port: number, file: string): Promise<number | string> {
  try {
    const { stdout } = await execFileAsync('curl', [
      ...['-s', '-o', '/dev/null', '-w', '%{http_code}', '-H', 'Expect:'],
      ...['-H', 'content-type: application/json', '--data-binary', `@${file}`],
      `http://127.0.0.1:${port}/api/contact`,
    ]);
    return Number(stdout);
  } catch (err) {
    return `curl exit ${(err as { code?: number }).code}`;
  }
}

describe('answers made outside the routes', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let port: number;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>t</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc.js.map'), '{"sources":["secret.ts"]}');
    t = await createTestApp({ env: { WEB_DIST: webDist } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const expectSecured = (answer: string, status: number, field: string) => {
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`);
    expect(head).toMatch(/^content-security-policy: default-src 'self'/m);
    expect(head).toMatch(/^x-content-type-options: nosniff$/m);
    expect(head).toMatch(/^strict-transport-security: /m);
    expect(JSON.parse(body).details[0].field).toBe(field);
  };

  it("gives Node's own 431 for oversized headers the security headers and a JSON body", async () => {
    const answer = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectSecured(answer, 431, 'headers');
  });

  it("gives Node's own 400 for a malformed request the security headers and a JSON body", async () => {
    const answer = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    expectSecured(answer, 400, 'request');
  });

  it('answers an id over 100 characters with 400 naming id, and an absurd path segment with 414', async () => {
    const long = await t.app.inject({ url: `/api/stations/${'a'.repeat(120)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0].field).toBe('id');
    const absurd = await t.app.inject({ url: `/api/stations/${'a'.repeat(5000)}` });
    expect(absurd.statusCode).toBe(414);
    expect(absurd.json().details).toEqual([
      { field: 'path', problem: 'has a segment longer than 1000 characters' },
    ]);
  });

  it('refuses query parameters on API routes that take none', async () => {
    const res = await t.app.inject({ url: '/api/health?verbose=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'verbose', problem: 'is not allowed: this endpoint takes no query parameters' },
    ]);
  });

  it('lets every one of 40 uploads of 10 MB read its 413 instead of a reset', async () => {
    const file = path.join(webDist, 'big.json');
    fs.writeFileSync(file, Buffer.alloc(10 * 1024 * 1024, 'a'));
    const results: (number | string)[] = [];
    // Four at a time: the machine has two cores, and each upload is 10 MB.
    for (let i = 0; i < 40; i += 4)
      results.push(...(await Promise.all([0, 1, 2, 3].map(() => upload(port, file)))));
    expect(results.filter((r) => r !== 413)).toEqual([]);
  });

  it('does not serve JavaScript source maps', async () => {
    expect((await t.app.inject({ url: '/assets/app-abc.js' })).statusCode).toBe(200);
    const map = await t.app.inject({ url: '/assets/app-abc.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });
});
