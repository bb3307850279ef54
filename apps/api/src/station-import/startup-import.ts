import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { withLeanHeap } from '../lib/lean-heap';
import { type DefaultSource, defaultSources } from './default-sources';
import { countStations } from './import-repository';
import { runImport } from './import-run';
import { type LoadOptions, loadImport } from './importers/load-import';
import type { ParsedImport } from './importers/station-record';
import { throttleProgress } from './progress-throttle';

/** Loads one default source live, else from its local copy; null when neither works (logged with how-to). */
async function loadSource(
  app: FastifyInstance,
  s: DefaultSource,
  load: LoadOptions,
): Promise<ParsedImport | null> {
  const startedMs = Date.now();
  try {
    // A source with no live form here (no API key, or none published) goes straight to its local copy.
    if (s.live.length === 0) throw new Error('no live source to download');
    app.log.info({ source: s.label, timeoutS: s.timeoutS }, 'start-up import: downloading');
    const parsed = await loadImport(s.importer, s.live, { ...load, timeoutMs: s.timeoutS * 1000 });
    app.log.info(
      { source: s.label, rows: parsed.read, ms: Date.now() - startedMs },
      'start-up import: downloaded',
    );
    return parsed;
  } catch (err) {
    const present = s.offline.filter((f) => fs.existsSync(f));
    if (present.length === 0 || present.length < s.offline.length) {
      app.log.warn(
        { source: s.label, err: (err as Error).message },
        `start-up import: ${s.label} unreachable, no local copy. ${s.howTo}`,
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
        `start-up import: ${s.label} local copy unreadable. ${s.howTo}`,
      );
      return null;
    }
  }
}

/**
 * On start with an empty station table (and AUTO_IMPORT on), imports the default live sources, falling back
 * to the local copies. Runs beside the listening server: call it without awaiting. Downloads start together;
 * imports run one after another in list order, each as soon as its own download is done, and
 * 'stations-changed' is published after each one that changed data, so stations appear source by source.
 */
export async function runStartupImport(app: FastifyInstance): Promise<{ imported: number }> {
  const { config } = app;
  if (!config.AUTO_IMPORT) return { imported: 0 };
  if ((await countStations(app.db)) > 0) return { imported: 0 };
  const load: LoadOptions = {
    regionsFile: fs.existsSync(config.STATIONS_REGIONS_FILE) ? config.STATIONS_REGIONS_FILE : null,
    overpassUrl: config.OVERPASS_URL,
    mglUrl: config.MGL_OUTLETS_URL,
    hpoilUrl: config.HPOIL_LOCATOR_URL,
    afdcApiKey: config.AFDC_API_KEY,
    afdcUrl: config.AFDC_API_URL,
  };
  const sources = defaultSources(config);
  app.log.info(
    { sources: sources.map((s) => s.label) },
    'start-up import: empty station table, importing defaults',
  );
  const downloads = sources.map((s) => loadSource(app, s, load));
  let imported = 0;
  for (const [i, download] of downloads.entries()) {
    const parsed = await download;
    const label = sources[i]!.label;
    if (!parsed) continue;
    const onProgress = throttleProgress((phase, done, total) =>
      app.log.info(
        { source: label, phase, done, total, pct: total ? Math.round((done / total) * 100) : 100 },
        'start-up import: progress',
      ),
    );
    try {
      const result = await withLeanHeap(() => runImport(app.db, parsed, { onProgress }));
      imported++;
      app.log.info({ source: label, counts: result.counts }, 'start-up import: source imported');
      if (result.changed) await app.changes.publish('stations-changed', { reason: 'import' });
    } catch (err) {
      app.log.error({ source: label, err }, `start-up import: import failed. ${sources[i]!.howTo}`);
    }
  }
  if (imported === 0) {
    app.log.warn('start-up import: no source could be imported; the server runs without stations');
  }
  return { imported };
}
