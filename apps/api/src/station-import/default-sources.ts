import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/env';

/** One default source: how to get it live, its local copy in STATIONS_OFFLINE_DIR (if any), and how to import it by hand. */
export interface DefaultSource {
  label: string;
  importer: string;
  live: string[];
  offline: string[];
  /** Per-download time limit, seconds. */
  timeoutS: number;
  /** The command that imports this source by hand, logged when the start-up import could not. */
  howTo: string;
}

const DOCS = '(docs/importing-stations.md)';

/**
 * The default sources, in import order (earlier sources give new stations their ids). The files come first:
 * they download within seconds, while the Overpass queries may take minutes and must not hold them back.
 */
export function defaultSources(config: Config): DefaultSource[] {
  const dir = config.STATIONS_OFFLINE_DIR;
  const rawDir = path.join(dir, 'india_raw');
  const raw = fs.existsSync(rawDir)
    ? fs
        .readdirSync(rawDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => path.join(rawDir, f))
    : [];
  const fileS = config.AUTO_IMPORT_TIMEOUT_S;
  const overpassS = config.AUTO_IMPORT_OVERPASS_TIMEOUT_S;
  const osmHowTo = (target: string) =>
    `Import it later with: npm run stations:import -- osm ${target}, or from a saved Overpass JSON file ${DOCS}`;
  return [
    {
      label: 'India open CNG dataset',
      importer: 'india-open',
      live: [config.INDIA_OPEN_URL],
      offline: [path.join(dir, 'india_cng_stations_bash1401.json'), ...raw],
      timeoutS: fileS,
      howTo:
        'Import it from files with: npm run stations:import -- india-open <dir>/india_cng_stations_bash1401.json ' +
        `<dir>/india_raw/*.json ${DOCS}`,
    },
    {
      label: 'Italy MIMIT',
      importer: 'it-mimit',
      live: [config.MIMIT_STATIONS_URL, config.MIMIT_PRICES_URL],
      offline: [
        path.join(dir, 'italy_mimit_anagrafica_impianti_attivi.csv'),
        path.join(dir, 'italy_mimit_prezzo_alle_8.csv'),
      ],
      timeoutS: fileS,
      howTo: `Import it from files with: npm run stations:import -- it-mimit <stations.csv> <prices.csv> ${DOCS}`,
    },
    {
      label: 'Mahanagar Gas (MGL) outlets',
      importer: 'mgl',
      live: ['live'],
      offline: [path.join(dir, 'operators', 'mgl_and_osm_cng_stations_2026-03-20.geojson')],
      timeoutS: fileS,
      howTo: `Import it with: npm run stations:import -- mgl live, or from the shared copy: mgl <file.geojson> ${DOCS}`,
    },
    {
      label: 'HPOIL Gas outlets',
      importer: 'hpoil',
      live: ['live'],
      offline: [path.join(dir, 'operators', 'hpoil_kolhapur_stations.csv')],
      timeoutS: fileS,
      howTo: `Import it with: npm run stations:import -- hpoil live, or from the shared copy: hpoil <file.csv> ${DOCS}`,
    },
    {
      label: 'US AFDC',
      importer: 'afdc',
      // The live API needs a key; without one only the local copy can be imported.
      live: config.AFDC_API_KEY ? ['api'] : [],
      offline: [path.join(dir, 'more_countries', 'us_afdc_alt_fuel_stations_ny_2025-04.csv')],
      timeoutS: fileS,
      howTo: `Import it with AFDC_API_KEY set: npm run stations:import -- afdc api ${DOCS}`,
    },
    {
      label: 'Brazil ANP GNV',
      importer: 'br-anp',
      live: [],
      offline: [path.join(dir, 'more_countries', 'brazil_anp_gnv_truck_stations_2025-10-30.csv')],
      timeoutS: fileS,
      howTo: `Import it with: npm run stations:import -- br-anp <file.csv> ${DOCS}`,
    },
    {
      label: 'Greece CNG (2021)',
      importer: 'gr-cng',
      live: [],
      offline: [path.join(dir, 'more_countries', 'greece_cng_stations_2021.geojson')],
      timeoutS: fileS,
      howTo: `Import it with: npm run stations:import -- gr-cng <file.geojson> ${DOCS}`,
    },
    {
      label: 'OpenStreetMap India',
      importer: 'osm',
      live: ['overpass:IN'],
      offline: [],
      timeoutS: overpassS,
      howTo: osmHowTo('overpass:IN'),
    },
    {
      label: 'OpenStreetMap worldwide',
      importer: 'osm',
      live: ['overpass:world'],
      offline: [],
      timeoutS: overpassS,
      howTo: osmHowTo('overpass:world'),
    },
  ];
}
