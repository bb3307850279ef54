import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config/env';

/** The real station files (never copied into the repository; see ../shared/data/stations/README.md). */
export const STATIONS_DIR = path.join(repoRoot, '..', 'shared', 'data', 'stations');
export const INDIA_MAIN = path.join(STATIONS_DIR, 'india_cng_stations_bash1401.json');
export const INDIA_RAW_DIR = path.join(STATIONS_DIR, 'india_raw');
export const INDIA_RAW = fs
  .readdirSync(INDIA_RAW_DIR)
  .sort()
  .map((f) => path.join(INDIA_RAW_DIR, f));
export const MIMIT_STATIONS = path.join(STATIONS_DIR, 'italy_mimit_anagrafica_impianti_attivi.csv');
export const MIMIT_PRICES = path.join(STATIONS_DIR, 'italy_mimit_prezzo_alle_8.csv');
export const MGL_FILE = path.join(STATIONS_DIR, 'operators', 'mgl_and_osm_cng_stations_2026-03-20.geojson');
export const HPOIL_FILE = path.join(STATIONS_DIR, 'operators', 'hpoil_kolhapur_stations.csv');
export const AFDC_NY = path.join(STATIONS_DIR, 'more_countries', 'us_afdc_alt_fuel_stations_ny_2025-04.csv');
export const BRAZIL_ANP = path.join(
  STATIONS_DIR,
  'more_countries',
  'brazil_anp_gnv_truck_stations_2025-10-30.csv',
);
export const GREECE_CNG = path.join(STATIONS_DIR, 'more_countries', 'greece_cng_stations_2021.geojson');
export const INDIA_STATES = path.join(repoRoot, '..', 'shared', 'data', 'india_states.geojson');

export const readText = (file: string) => fs.readFileSync(file, 'utf8');

/** Rejections counted by reason. */
export const byReason = (rejected: { reason: string }[]) =>
  rejected.reduce<Record<string, number>>((acc, r) => {
    acc[r.reason] = (acc[r.reason] ?? 0) + 1;
    return acc;
  }, {});
