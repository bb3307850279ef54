import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadRegionLookup, readInput } from '../station-import/station-import';
import { parseIndiaCandidates } from './candidate-import';
import { countCandidates, storeCandidates } from './candidate-repository';

/** The India open dataset, live first, then its local copy; null (logged) when neither can be read. */
async function readIndiaDataset(app: FastifyInstance): Promise<{ text: string; input: string } | null> {
  const { config } = app;
  try {
    const text = await readInput(config.INDIA_OPEN_URL, {
      timeoutMs: config.AUTO_IMPORT_TIMEOUT_S * 1000,
      kind: 'json',
    });
    return { text, input: config.INDIA_OPEN_URL };
  } catch (err) {
    const local = path.join(config.STATIONS_OFFLINE_DIR, 'india_cng_stations_bash1401.json');
    if (!fs.existsSync(local)) {
      app.log.warn(
        { err: (err as Error).message },
        'start-up candidates: the India open dataset is unreachable and has no local copy; the finder asks ' +
          'drivers about no fuel stations',
      );
      return null;
    }
    return { text: await readInput(local, { kind: 'json' }), input: local };
  }
}

/**
 * On start with no candidates (and AUTO_IMPORT on), stores the fuel stations of the India open dataset that may
 * sell CNG (ADR 0037). Runs after the start-up station import, not awaited by the server: the finder's answers
 * never wait for it. Every refused row is logged with its reason, as the station import does.
 */
export async function runStartupCandidates(app: FastifyInstance): Promise<{ stored: number }> {
  const { config } = app;
  if (!config.AUTO_IMPORT || (await countCandidates(app.db)) > 0) return { stored: 0 };
  const dataset = await readIndiaDataset(app);
  if (!dataset) return { stored: 0 };
  const regions = fs.existsSync(config.STATIONS_REGIONS_FILE)
    ? loadRegionLookup(config.STATIONS_REGIONS_FILE)
    : null;
  const parsed = parseIndiaCandidates(dataset.text, dataset.input, regions);
  const stored = await storeCandidates(app.db, parsed.candidates);
  const reasons: Record<string, number> = {};
  for (const r of parsed.rejected) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
  app.log.info(
    { input: dataset.input, stored, rejected: parsed.rejected.length, reasons },
    'start-up candidates: fuel stations that may sell CNG stored',
  );
  if (parsed.rejected.length)
    app.log.debug({ rejected: parsed.rejected }, 'start-up candidates: rows refused, with their reasons');
  return { stored };
}
