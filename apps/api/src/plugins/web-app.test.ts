import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';

// A build folder shaped like apps/web/dist: prerendered pages, the shell, the not-found page, a hashed asset.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-web-dist-'));
const filler = (label: string) => `<p>${label} ${'CNG station text. '.repeat(200)}</p>`;
const files: Record<string, string> = {
  'index.html': `<html><body data-page="home">${filler('home')}</body></html>`,
  'shell.html': `<html><body data-page="shell">${filler('shell')}</body></html>`,
  '404.html': `<html><body data-page="not-found">${filler('not found')}</body></html>`,
  'about/index.html': `<html><body data-page="about">${filler('about')}</body></html>`,
  'hi/index.html': `<html lang="hi"><body data-page="hi-home">${filler('hi home')}</body></html>`,
  'hi/about/index.html': `<html lang="hi"><body data-page="hi-about">${filler('hi about')}</body></html>`,
  'hi/shell.html': `<html lang="hi"><body data-page="hi-shell">${filler('hi shell')}</body></html>`,
  'hi/404.html': `<html lang="hi"><body data-page="hi-not-found">${filler('hi not found')}</body></html>`,
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
        details: [{ field: 'path', problem: 'is not an API endpoint' }],
      });
    }
  });

  it('names the method when an API path exists but takes other methods (a fuzz counterexample)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/stations/search?q[a]=1&country=aa&limit[a]=1',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'Not Found',
      message: 'No API endpoint PUT /api/stations/search',
      details: [{ field: 'method', problem: 'PUT is not accepted here: use GET' }],
    });
    const report = await t.app.inject({ method: 'DELETE', url: '/api/stations/it-1/reports' });
    expect(report.json().details).toEqual([
      { field: 'method', problem: 'DELETE is not accepted here: use GET or POST' },
    ]);
  });

  it('never serves files from outside the build folder', async () => {
    const res = await get('/..%2f..%2fetc%2fpasswd');
    expect(res.statusCode).toBe(404);
    expect(body(res)).toContain('data-page="not-found"');
  });
});

describe('languages (ADR 0017)', () => {
  /** A browser's own navigation to a page. */
  const navigate = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        'sec-fetch-mode': 'navigate',
        ...headers,
      },
    });

  it("sends a first visit to an English page to the browser's best supported language, query kept", async () => {
    const res = await navigate('/about?from=ad', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/hi/about?from=ad');
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(res.headers.vary).toMatch(/Cookie/);
    const home = await navigate('/', { 'accept-language': 'ta-IN' });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/ta/');
    const station = await navigate('/stations/it-1', { 'accept-language': 'it-IT,it;q=0.9' });
    expect(station.headers.location).toBe('/it/stations/it-1');
  });

  it.each([
    ['no Accept-Language (a crawler)', {}],
    ['an English browser', { 'accept-language': 'en-US,en;q=0.9' }],
    ['English before Hindi', { 'accept-language': 'en-GB, hi;q=0.8' }],
    ['no supported language', { 'accept-language': 'fr-FR, de;q=0.5' }],
    ['the English choice remembered', { 'accept-language': 'hi-IN', cookie: 'x=1; cng_lang=en' }],
  ])('serves the English page, with Vary, to %s', async (_label, headers) => {
    const res = await navigate('/about', headers);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toContain('data-page="about"');
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(res.headers.vary).toMatch(/Cookie/);
  });

  it("follows a remembered language before the browser's", async () => {
    const res = await navigate('/about', { 'accept-language': 'hi-IN', cookie: 'cng_lang=ta' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/ta/about');
    const english = await navigate('/', { cookie: 'cng_lang=bn' });
    expect(english.headers.location).toBe('/bn/');
  });

  it('takes English picked on a page in another language as the choice, even where nothing remembered it', async () => {
    // The Hindi page's menu tapped before its code ran: no cookie says English, the browser says Hindi.
    const hindi = { 'accept-language': 'hi-IN', cookie: 'cng_lang=hi' };
    const picked = await navigate('/about?from=menu', {
      ...hindi,
      referer: 'http://localhost:80/hi/about?from=menu',
    });
    expect(picked.statusCode).toBe(200);
    expect(body(picked)).toContain('data-page="about"');
    expect(picked.headers['set-cookie']).toBe('cng_lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(picked.headers.vary).toMatch(/Referer/);
    // Not a choice: from an English page, from another site, or with no referrer at all.
    for (const referer of ['http://localhost:80/pricing', 'https://example.org/hi/about', undefined]) {
      const res = await navigate('/about', referer ? { ...hindi, referer } : hindi);
      expect(res.statusCode, String(referer)).toBe(302);
      expect(res.headers.location).toBe('/hi/about');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('never redirects a prefixed page (no loops), whatever the cookie or browser says', async () => {
    for (const headers of [
      { 'accept-language': 'ta-IN' },
      { cookie: 'cng_lang=en' },
      { cookie: 'cng_lang=ta' },
    ] as Record<string, string>[]) {
      const res = await navigate('/hi/about', headers);
      expect(res.statusCode).toBe(200);
      expect(body(res)).toContain('data-page="hi-about"');
    }
  });

  it('redirects only pages: not the API, assets, sitemaps, nor fetches (the service worker filling its cache)', async () => {
    const hindi = { 'accept-language': 'hi-IN', cookie: 'cng_lang=hi' };
    const api = await navigate('/api/no-such-endpoint', hindi);
    expect(api.statusCode).toBe(404);
    const asset = await navigate('/assets/app-abc123.js', hindi);
    expect(asset.statusCode).toBe(200);
    const unknown = await navigate('/no-such-page', hindi);
    expect(unknown.statusCode).toBe(404);
    const fetched = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { ...hindi, accept: '*/*', 'sec-fetch-mode': 'cors' },
    });
    expect(fetched.statusCode).toBe(200);
    expect(body(fetched)).toContain('data-page="about"');
    // Its copy must match the navigations the worker answers offline: no Vary on request headers.
    expect(fetched.headers.vary ?? '').not.toMatch(/Accept-Language|Cookie/);
  });

  it("answers a language's pages, shell and not-found page in that language", async () => {
    const about = await navigate('/hi/about');
    expect(body(about)).toContain('data-page="hi-about"');
    const home = await navigate('/hi/');
    expect(body(home)).toContain('data-page="hi-home"');
    const station = await navigate('/hi/stations/it-mimit-1234');
    expect(station.statusCode).toBe(200);
    expect(body(station)).toContain('data-page="hi-shell"');
    const unknown = await navigate('/hi/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toContain('data-page="hi-not-found"');
  });
});
