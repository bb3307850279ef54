import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  placeCacheFile,
  placeFileBuilt,
  placeGazetteer,
  placeGazetteerLoadedFrom,
  preloadPlaceGazetteer,
  setPlaceCacheDir,
  warmPlaceGazetteer,
} from './place-gazetteer';

// Runs isolated (the api-fresh project, apps/api/vitest.config.ts): nothing else has loaded the gazetteer here.
describe("the place gazetteer's file on a server's first start", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-places-warm-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is not loaded at start while its file is missing: the start never reads the packages', () => {
    setPlaceCacheDir(dir);
    const said: string[] = [];
    const started = performance.now();
    preloadPlaceGazetteer({ warn: (_: object, msg: string) => said.push(msg) });
    expect(placeGazetteerLoadedFrom()).toBeNull();
    expect(fs.existsSync(placeCacheFile())).toBe(false);
    expect(said).toEqual([]);
    // Reading and merging the packages takes seconds; looking for the file, a moment.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  // The child runs at low priority (nice 10) by design: 19 s on an idle machine, over 60 s while the rest of the
  // suite keeps both cores busy (seen when CI's machine was loaded).
  const slowChild = { timeout: 300_000 };
  it(
    'is built by a child process, then loaded from it at the next start, before any search',
    slowChild,
    async () => {
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
      // What server.ts does while the station index is built: the file is read, no search needed.
      preloadPlaceGazetteer(log);
      expect(placeGazetteerLoadedFrom()).toBe('file');
      expect(said).toHaveLength(1);
      const gazetteer = placeGazetteer();
      expect(gazetteer.place(gazetteer.search('andheri', { limit: 1 })[0]!.place)).toMatchObject({
        name: 'Andheri',
        countryCode: 'IN',
      });
    },
  );
});
