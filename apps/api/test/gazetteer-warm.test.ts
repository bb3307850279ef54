import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  placeCacheFile,
  placeFileBuilt,
  placeGazetteer,
  placeGazetteerLoadedFrom,
  setPlaceCacheDir,
  warmPlaceGazetteer,
} from '../src/stations/place-gazetteer';

// A file of its own: each test file runs in a fresh worker, so nothing else has loaded the gazetteer here.
describe("the place gazetteer's file on a server's first start", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-places-warm-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is built by a child process, and the first search then reads it instead of the packages', async () => {
    setPlaceCacheDir(dir);
    const said: string[] = [];
    const log = { info: (msg: string) => said.push(msg), warn: (_: object, msg: string) => said.push(msg) };
    expect(fs.existsSync(placeCacheFile())).toBe(false);
    const memoryBefore = process.memoryUsage().rss;
    // The server runs under node (dist) or tsx; under the test runner the child needs tsx's loader.
    warmPlaceGazetteer(log, ['--import', 'tsx']);
    await placeFileBuilt();
    expect(said).toEqual([expect.stringMatching(/^place gazetteer: file built in \d+ ms$/)]);
    expect(fs.existsSync(placeCacheFile())).toBe(true);
    // Not this process: it has not grown by the ~100 MB that reading the packages takes.
    expect(process.memoryUsage().rss - memoryBefore).toBeLessThan(50 * 1024 * 1024);
    // Once the file is there, a later start has nothing to build.
    warmPlaceGazetteer(log, ['--import', 'tsx']);
    await placeFileBuilt();
    expect(said).toHaveLength(1);
    expect(placeGazetteerLoadedFrom()).toBeNull();
    const gazetteer = placeGazetteer();
    expect(placeGazetteerLoadedFrom()).toBe('file');
    expect(gazetteer.place(gazetteer.search('andheri', { limit: 1 })[0]!.place)).toMatchObject({
      name: 'Andheri',
      countryCode: 'IN',
    });
  });
});
