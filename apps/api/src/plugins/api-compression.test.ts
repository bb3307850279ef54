import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realStations } from '../test-support/real-stations';
import { createStationApiApp } from '../test-support/station-api-app';

describe('compression of JSON API answers', () => {
  let t: Awaited<ReturnType<typeof createStationApiApp>>;
  beforeAll(async () => {
    t = await createStationApiApp('sqlite', realStations());
  });
  afterAll(async () => t?.close());

  // Ten stations around Delhi: an answer of several KB, as a phone gets it.
  const url = '/api/stations/nearest?lat=28.6139&lon=77.209&limit=10';

  it('sends brotli and gzip at their fastest levels, which decode to the very same answer', async () => {
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(5000);
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // Quality 1: byte for byte what zlib makes at that quality, not the library's default (4).
    const q = (quality: number) =>
      zlib.brotliCompressSync(plain.rawPayload, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        },
      }).length;
    expect(q(1)).not.toBe(q(4));
    expect(br.rawPayload.length).toBe(q(1));
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.rawPayload.length).toBe(zlib.gzipSync(plain.rawPayload, { level: 1 }).length);
  });
});
