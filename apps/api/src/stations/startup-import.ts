import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type LoadOptions, loadImport } from '../importers/load-import';
import type { ParsedImport } from '../importers/station-record';
import { runImport } from './import-run';

/** One default source: how to get it live, and its local copy in STATIONS_OFFLINE_DIR (if there is one). */
interface DefaultSource {
  label: string;
  importer: string;
  live: string[];
  offline: string[];
}

/** The default sources, in import order (earlier sources give new stations their ids). */
export function defaultSources(config: FastifyInstance['config']): DefaultSource[] {
  const dir = config.STATIONS_OFFLINE_DIR;
  const rawDir = path.join(dir, 'india_raw');
  const raw = fs.existsSync(rawDir)
    ? fs
        .readdirSync(rawDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => path.join(rawDir, f))
    : [];
  return [
    { label: 'OpenStreetMap India', importer: 'osm', live: ['overpass:IN'], offline: [] },
    { label: 'OpenStreetMap worldwide', importer: 'osm', live: ['overpass:world'], offline: [] },
    {
      label: 'India open CNG dataset',
      importer: 'india-open',
      live: [config.INDIA_OPEN_URL],
      offline: [path.join(dir, 'india_cng_stations_bash1401.json'), ...raw],
    },
    {
      label: 'Italy MIMIT',
      importer: 'it-mimit',
      live: [config.MIMIT_STATIONS_URL, config.MIMIT_PRICES_URL],
      offline: [
        path.join(dir, 'italy_mimit_anagrafica_impianti_attivi.csv'),
        path.join(dir, 'italy_mimit_prezzo_alle_8.csv'),
      ],
    },
  ];
}

const HOW_TO =
  'Import from files instead, e.g.: npm run stations:import -- india-open <dir>/india_cng_stations_bash1401.json ' +
  '<dir>/india_raw/*.json, and npm run stations:import -- it-mimit <stations.csv> <prices.csv> ' +
  '(docs/importing-stations.md)';

/** Loads one default source live, else from its local copy; null (logged) when neither works. */
async function loadSource(
  app: FastifyInstance,
  s: DefaultSource,
  load: LoadOptions,
): Promise<ParsedImport | null> {
  try {
    return await loadImport(s.importer, s.live, load);
  } catch (err) {
    const present = s.offline.filter((f) => fs.existsSync(f));
    if (present.length === 0 || present.length < s.offline.length) {
      app.log.warn(
        { source: s.label, err: (err as Error).message },
        'start-up import: source unreachable, no local copy',
      );
      return null;
    }
    app.log.info(
      { source: s.label, err: (err as Error).message },
      'start-up import: source unreachable, using the local copy',
    );
    try {
      return await loadImport(s.importer, s.offline, load);
    } catch (offlineErr) {
      app.log.warn(
        { source: s.label, err: (offlineErr as Error).message },
        'start-up import: local copy unreadable',
      );
      return null;
    }
  }
}

/**
 * On start with an empty station table (and AUTO_IMPORT on), imports the default live sources, falling back
 * to the local copies. Runs beside the listening server: call it without awaiting. Downloads run in parallel
 * so one time limit covers them all; imports run one after another, then 'stations-changed' is published.
 */
export async function runStartupImport(app: FastifyInstance): Promise<{ imported: number }> {
  const { config } = app;
  if (!config.AUTO_IMPORT) return { imported: 0 };
  const row = await app.db
    .selectFrom('stations')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  if (Number(row.n) > 0) return { imported: 0 };
  const load: LoadOptions = {
    regionsFile: fs.existsSync(config.STATIONS_REGIONS_FILE) ? config.STATIONS_REGIONS_FILE : null,
    overpassUrl: config.OVERPASS_URL,
    timeoutMs: config.AUTO_IMPORT_TIMEOUT_S * 1000,
  };
  const sources = defaultSources(config);
  app.log.info(
    { sources: sources.map((s) => s.label) },
    'start-up import: empty station table, importing defaults',
  );
  const loaded = await Promise.all(sources.map((s) => loadSource(app, s, load)));
  let imported = 0;
  let changed = false;
  for (const [i, parsed] of loaded.entries()) {
    if (!parsed) continue;
    try {
      const result = await runImport(app.db, parsed);
      imported++;
      changed ||= result.changed;
      app.log.info({ source: sources[i]!.label, counts: result.counts }, 'start-up import: source imported');
    } catch (err) {
      app.log.error({ source: sources[i]!.label, err }, 'start-up import: import failed');
    }
  }
  if (imported === 0) app.log.warn(`start-up import: no source could be imported. ${HOW_TO}`);
  if (changed) await app.changes.publish('stations-changed', { reason: 'import' });
  return { imported };
}
