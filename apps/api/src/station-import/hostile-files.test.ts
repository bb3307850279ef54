import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImportCli } from '../test-support/import-cli-run';
import { writeRepeated } from '../test-support/repeated-file';
import { MIMIT_PRICES } from '../test-support/source-files';
import { stationSnapshot } from '../test-support/station-snapshot';
import { createTestDb, type TestDb } from '../test-support/test-db';
import { INPUT_LIMITS } from './importers/input-limits';
import { IMPORTERS, loadImport } from './importers/load-import';
import { fetchOverpass } from './importers/overpass-client';
import { readInput } from './importers/read-input';
import { loadRegionLookup } from './importers/region-lookup';
import { importStations } from './station-import';

/**
 * Station files built to hurt: far too big, far too long, nested far too deep, or claiming far too many
 * vertices. Every importer, and the import CLI, must refuse each one before it is parsed whole, with a
 * message that says what is wrong, and leave the stations as they were.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-hostile-'));
const file = (name: string) => path.join(dir, name);

const write = (name: string, head: string, piece: (i: number) => string, count: number, tail = '') =>
  writeRepeated(file(name), head, piece, count, tail);

const BIG_BYTES = 500_000_000;
const MANY_ROWS = 2_000_000;
const DEEP = 100_000;
const VERTICES = 600_000;

/** What an importer parses its list as: CSV (lines) or JSON (GeoJSON, Overpass JSON, the India dataset). */
type Format = 'csv' | 'json';
const formatOf = (ext: string): Format => (ext === 'csv' ? 'csv' : 'json');

interface Hostile {
  what: string;
  /** The file with the given extension (importers choose their list by it), in the format it implies. */
  path: (ext: string) => string;
  /** The refusal expected of an importer of each format the file is made in. */
  refusal: Partial<Record<Format, RegExp>>;
}

const HOSTILE: Hostile[] = [];

beforeAll(() => {
  // Each file is made once per format, on first use; its other names are hard links to it.
  let files = 0;
  const byFormat = (make: (name: string, format: Format) => string) => {
    const made: Partial<Record<Format, string>> = {};
    return (ext: string) => {
      const format = formatOf(ext);
      made[format] ??= make(`hostile-${++files}`, format);
      const base = made[format];
      if (!fs.existsSync(`${base}.${ext}`)) fs.linkSync(base, `${base}.${ext}`);
      return `${base}.${ext}`;
    };
  };
  const itemsRefusal = /holds a list or object of more than 500,000 items, the most an input may hold/;
  HOSTILE.push(
    {
      what: 'a 500 MB file',
      // A sparse file: its size is real, its blocks are not written (the refusal must not need them).
      path: byFormat((name) => {
        fs.closeSync(fs.openSync(file(name), 'w'));
        fs.truncateSync(file(name), BIG_BYTES);
        return file(name);
      }),
      refusal: {
        csv: /holds 500,000,000 bytes, more than the 104,857,600 \(100 MiB\) an input may hold/,
        json: /holds 500,000,000 bytes, more than the 104,857,600 \(100 MiB\) an input may hold/,
      },
    },
    {
      what: '2 million rows',
      path: byFormat((name, format) =>
        format === 'csv'
          ? write(name, 'id,name,lon,lat\n', (i) => `r${i},Depot ${i},72.8,19.1\n`, MANY_ROWS)
          : write(name, '{"type":"FeatureCollection","features":[{}', () => ',{}', MANY_ROWS - 1, ']}'),
      ),
      refusal: { csv: /has more than 500,000 lines, the most an input may hold/, json: itemsRefusal },
    },
    {
      what: 'JSON nested 100,000 deep',
      path: byFormat((name) =>
        write(name, '{"type":"FeatureCollection","features":[', () => '[', DEEP, `${']'.repeat(DEEP)}]}`),
      ),
      refusal: { json: /nests values more than 64 deep, deeper than any station list/ },
    },
    {
      what: 'a GeoJSON claiming a billion vertices',
      path: byFormat((name) =>
        write(
          name,
          '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"id":"x","name":"Depot",' +
            '"vertices":1000000000},"geometry":{"type":"Polygon","coordinates":[[[72.8,19.1]',
          (i) => `,[72.8,${(19.1 + i / 1e7).toFixed(7)}]`,
          VERTICES,
          ']]}}]}',
        ),
      ),
      refusal: { json: itemsRefusal },
    },
  );
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The extension of each importer's station list, as its real files have it. */
const EXTENSION: Record<string, string> = {
  osm: 'json',
  'india-open': 'json',
  'it-mimit': 'csv',
  afdc: 'csv',
  'br-anp': 'csv',
  'gr-cng': 'geojson',
  geojson: 'geojson',
  csv: 'csv',
  mgl: 'geojson',
  hpoil: 'csv',
};

/** The inputs of one run of `importer` with `hostile` in place of its station list. */
function inputsOf(importer: string, hostile: Hostile): string[] {
  const list = hostile.path(EXTENSION[importer]!);
  // The price file is real: the station file alone is hostile.
  return importer === 'it-mimit' ? [list, MIMIT_PRICES] : [list];
}

describe('hostile station files are refused by every importer', () => {
  it('covers every importer', () => {
    expect(Object.keys(EXTENSION).sort()).toEqual([...IMPORTERS, 'mgl', 'hpoil'].sort());
    expect(INPUT_LIMITS).toEqual({ bytes: 100 * 2 ** 20, items: 500_000, depth: 64 });
  });

  for (const importer of Object.keys(EXTENSION)) {
    const format = formatOf(EXTENSION[importer]!);
    it(`${importer}: each hostile ${format} file is refused, naming the file and the limit`, async () => {
      const kinds = HOSTILE.filter((h) => h.refusal[format]);
      expect(kinds.length).toBeGreaterThanOrEqual(format === 'json' ? 4 : 2);
      for (const hostile of kinds) {
        const inputs = inputsOf(importer, hostile);
        const refused = await loadImport(importer, inputs, { feed: 'hostile' }).then(
          () => null,
          (err: Error) => err.message,
        );
        expect(refused, hostile.what).toMatch(hostile.refusal[format]!);
        expect(refused, hostile.what).toContain(path.basename(inputs[0]!));
      }
    }, 60_000);
  }

  it('reads a CSV as lines though it starts like JSON and ends its lines with CR, for every CSV importer', async () => {
    const csv = write('bracket.csv', '[id,name,lon,lat\r', (i) => `r${i},Depot ${i},72.8,19.1\r`, 600_000);
    for (const importer of ['csv', 'br-anp', 'it-mimit', 'hpoil']) {
      const inputs = importer === 'it-mimit' ? [csv, MIMIT_PRICES] : [csv];
      await expect(loadImport(importer, inputs, { feed: 'hostile' }), importer).rejects.toThrow(
        `${csv} has more than 500,000 lines, the most an input may hold`,
      );
    }
  });

  it('refuses a regions file of a billion-vertex claim before building polygons from it', () => {
    const vertices = HOSTILE.find((h) => h.what.includes('billion'))!;
    expect(() => loadRegionLookup(vertices.path('geojson'))).toThrow(vertices.refusal.json!);
    const big = HOSTILE.find((h) => h.what.includes('500 MB'))!;
    expect(() => loadRegionLookup(big.path('geojson'))).toThrow(big.refusal.json!);
  });
});

describe('hostile downloads are cut off at the limit', () => {
  let server: http.Server;
  let base = '';
  /** Bytes each path sent, and the bytes sent by the time its client went away. */
  const sent: Record<string, number> = {};
  const sentAtClose: Record<string, number> = {};
  const bomb = zlib.gzipSync(Buffer.alloc(200 * 2 ** 20, 'a'));

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const name = req.url ?? '';
      sent[name] = 0;
      res.on('close', () => {
        sentAtClose[name] = sent[name]!;
        res.removeAllListeners('drain');
      });
      if (name === '/declared') {
        // Claims 500 MB and sends nothing: refused on the header alone.
        res.writeHead(200, { 'content-length': String(BIG_BYTES) });
        res.flushHeaders();
        return;
      }
      if (name === '/bomb') {
        res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
        res.end(bomb);
        return;
      }
      // Endless text, a megabyte at a time, while the client reads.
      const chunk = Buffer.alloc(1 << 20, 'x');
      res.writeHead(200, { 'content-type': 'text/plain' });
      const more = () => {
        while (!res.destroyed && res.write(chunk)) sent[name]! += chunk.length;
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('refuses an endless download past 100 MiB, and stops reading it', async () => {
    await expect(readInput(`${base}/endless`)).rejects.toThrow(
      `${base}/endless holds more than 104,857,600 (100 MiB) bytes, the most an input may hold`,
    );
    // The client hung up (an endless answer closes no other way), soon after the limit.
    await expect.poll(() => sentAtClose['/endless']).toBeDefined();
    expect(sentAtClose['/endless']).toBeLessThan(INPUT_LIMITS.bytes + 16 * 2 ** 20);
  });

  it('refuses a declared length past the limit before reading the body, and hangs up', async () => {
    await expect(readInput(`${base}/declared`)).rejects.toThrow(
      `${base}/declared holds 500,000,000 bytes, more than the 104,857,600 (100 MiB) an input may hold`,
    );
    await expect.poll(() => sentAtClose['/declared']).toBe(0);
  });

  it('counts a compressed answer as it inflates: 200 KB of gzip that would be 200 MiB', async () => {
    expect(bomb.length).toBeLessThan(1_000_000);
    await expect(readInput(`${base}/bomb`)).rejects.toThrow(/holds more than 104,857,600 \(100 MiB\) bytes/);
  });

  it('applies the same limit to an Overpass answer', async () => {
    await expect(fetchOverpass(`${base}/endless`, { kind: 'world' })).rejects.toThrow(
      /holds more than 104,857,600 \(100 MiB\) bytes/,
    );
  });
});

const GOOD = [
  'id,name,lon,lat',
  'a,Andheri CNG,72.8468,19.1197',
  'b,Bandra CNG,72.8400,19.0600',
  'c,Chembur CNG,72.8970,19.0620',
].join('\n');

describe('the import CLI on hostile files', () => {
  let t: TestDb;
  let before: Awaited<ReturnType<typeof stationSnapshot>>;
  const cli = (args: string[]) =>
    runImportCli(args, { DATABASE_URL: '', SQLITE_PATH: t.location, LOG_LEVEL: 'silent' });

  beforeAll(async () => {
    t = await createTestDb('sqlite');
    fs.writeFileSync(file('good.csv'), `${GOOD}\n`);
    await importStations(t.db, 'csv', [file('good.csv')], { load: { feed: 'acme' } });
    before = await stationSnapshot(t.db);
    expect(before.stations).toHaveLength(3);
  });
  afterAll(() => t.cleanup());

  it('refuses a hostile file with exit status 1 and the reason, and changes no station', async () => {
    // Every importer refuses every kind above through the same reader; the CLI is run on two of them.
    for (const hostile of HOSTILE.filter((h) => /500 MB|deep/.test(h.what))) {
      const run = await cli(['geojson', hostile.path('geojson'), '--feed', 'acme']);
      expect(run.status, hostile.what).toBe(1);
      expect(run.stderr, hostile.what).toMatch(hostile.refusal.json!);
    }
    expect(await stationSnapshot(t.db)).toEqual(before);
  }, 120_000);

  it('contains hostile rows: each one rejected with its reason, no live formula in the report', async () => {
    const latin1 = Buffer.from('e,Caf\xe9 CNG,72.8500,19.1000\n', 'latin1');
    const rows = [
      'id,name,lon,lat',
      // The existing stations, unchanged, so that the list is whole.
      ...GOOD.split('\n').slice(1),
      // A second row for an existing id, somewhere else.
      'a,Andheri CNG,72.9000,19.2000',
      'nan,Depot NaN,NaN,19.1',
      'north,Depot North,72.85,91',
      'east,Depot East,181,19.1',
      'inf,Depot Infinity,Infinity,19.1',
      '"=HYPERLINK(""http://evil.example"")",Formula,x,19.1',
      '+cmd|/c calc,Formula,72.85,nope',
      '-2+3,Formula,,19.1',
      '@SUM(A1),Formula,72.85,',
      '"\t=1+1",Formula,72.85,-91',
      '"\r=2+2",Formula,72.85,-91',
      'd,New CNG,72.8600,19.1100',
    ];
    const hostileCsv = file('rows.csv');
    fs.writeFileSync(hostileCsv, Buffer.concat([Buffer.from(`${rows.join('\n')}\n`), latin1]));
    const report = file('rejects.csv');
    // Most of its rows are bad, so the run must be allowed: rows rejected for a fault still retire nothing.
    const run = await cli(['csv', hostileCsv, '--feed', 'acme', '--rejects', report, '--allow-mass-retire']);
    expect(run.stderr).not.toContain('failed');
    expect(run.status).toBe(0);

    const rejected = parseCsv(fs.readFileSync(report, 'utf8'), { columns: true }) as Record<string, string>[];
    const reasons = Object.fromEntries(rejected.map((r) => [r.source_id, r.reason]));
    expect(reasons).toEqual({
      a: 'duplicate',
      nan: 'non-numeric-coordinates',
      north: 'out-of-range',
      east: 'out-of-range',
      inf: 'non-numeric-coordinates',
      '\'=HYPERLINK("http://evil.example")': 'non-numeric-coordinates',
      "'+cmd|/c calc": 'non-numeric-coordinates',
      "'-2+3": 'missing-coordinates',
      "'@SUM(A1)": 'missing-coordinates',
      // The CSV reader trims the tab and the carriage return; the formula is still neutralised.
      "'=1+1": 'out-of-range',
      "'=2+2": 'out-of-range',
      e: 'bad-encoding',
    });
    expect(rejected.find((r) => r.source_id === 'e')!.detail).toBe(
      'name holds U+FFFD at position 4, a byte that is not UTF-8: the file mixes text encodings',
    );
    // No field of the report starts as a spreadsheet formula would.
    for (const row of rejected) for (const v of Object.values(row)) expect(v).not.toMatch(/^[=+\-@\t\r]/);

    // The three stations are as they were, their rejected second rows notwithstanding, except that the
    // source was seen listing them again; only "d" is new.
    const after = await stationSnapshot(t.db);
    const old = new Set(before.stations.map((s) => s.id));
    const unseen = ({ last_seen_at, ...rest }: (typeof before.stations)[number]) => rest;
    expect(after.stations.filter((s) => old.has(s.id)).map(unseen)).toEqual(before.stations.map(unseen));
    expect(after.stations.filter((s) => !old.has(s.id)).map((s) => s.name)).toEqual(['New CNG']);
  }, 60_000);
});
