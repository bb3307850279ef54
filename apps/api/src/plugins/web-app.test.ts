import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers/test-app';

// A build folder shaped like apps/web/dist: prerendered pages, the shell, the not-found page, a hashed asset.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-web-dist-'));
const filler = (label: string) => `<p>${label} ${'CNG station text. '.repeat(200)}</p>`;
const files: Record<string, string> = {
  'index.html': `<html><body data-page="home">${filler('home')}</body></html>`,
  'shell.html': `<html><body data-page="shell">${filler('shell')}</body></html>`,
  '404.html': `<html><body data-page="not-found">${filler('not found')}</body></html>`,
  'about/index.html': `<html><body data-page="about">${filler('about')}</body></html>`,
  'assets/app-abc123.js': `console.log(${JSON.stringify(filler('js'))});`,
};
for (const [rel, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
  fs.writeFileSync(path.join(dist, rel), text);
}

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding = 'br, gzip') =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

function body(res: Awaited<ReturnType<typeof get>>): string {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (enc === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.payload;
}

describe('serving the built web app', () => {
  it.each([
    ['/', 200, 'home'],
    ['/about', 200, 'about'],
    ['/about/', 200, 'about'],
    ['/pricing', 200, 'shell'],
    ['/stations/it-mimit-1234', 200, 'shell'],
    ['/no-such-page', 404, 'not-found'],
  ])(
    'GET %s answers %i with the %s page, compressed, revalidated and with security headers',
    async (url, status, pageName) => {
      const res = await get(url);
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(body(res)).toContain(`data-page="${pageName}"`);
    },
  );

  it('falls back to gzip for a browser without brotli', async () => {
    const res = await get('/about', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(body(res)).toContain('data-page="about"');
  });

  it('caches hashed assets for a year', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('answers unknown API paths, whatever the method, with 404 JSON', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-endpoint' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'Not Found',
        message: `No API endpoint ${method} /api/no-such-endpoint`,
      });
    }
  });

  it('never serves files from outside the build folder', async () => {
    const res = await get('/..%2f..%2fetc%2fpasswd');
    expect(res.statusCode).toBe(404);
    expect(body(res)).toContain('data-page="not-found"');
  });
});
