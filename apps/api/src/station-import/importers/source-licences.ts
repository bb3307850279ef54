/**
 * Licence and attribution text per source read by its own importer; it reaches the API and the UI with every
 * station. An operator's list carries its own in its mapping file (../operators/*.json).
 */
export const SOURCE_LICENCES = {
  osm: {
    licence: 'ODbL-1.0',
    attribution: '© OpenStreetMap contributors',
    url: 'https://www.openstreetmap.org/copyright',
  },
  'india-open': {
    licence: 'ODbL-1.0 (as stated by the dataset README)',
    attribution: 'India CNG stations dataset by bash1401 (cng-route-planner-india-data)',
    url: 'https://github.com/bash1401/cng-route-planner-india-data',
  },
  'it-mimit': {
    licence: 'Italian government open data (MIMIT; commonly cited as IODL 2.0)',
    attribution: 'Ministero delle Imprese e del Made in Italy — Osservatorio prezzi carburanti',
    url: 'https://www.mimit.gov.it/it/open-data/elenco-dataset/carburanti-prezzi-praticati-e-anagrafica-degli-impianti',
  },
  'br-anp': {
    licence:
      'Brazilian government open data (ANP); list and geocoding MIT (FabioRNobrega/anp-trucks-cng-stations)',
    attribution: 'ANP (Agência Nacional do Petróleo) retailer registry, via anp-trucks-cng-stations',
    url: 'https://github.com/FabioRNobrega/anp-trucks-cng-stations',
  },
  'gr-cng': {
    licence: 'No licence stated (map placed by hand, 2021)',
    attribution: 'Greek CNG stations map by Nomik21 (openlayers1), 2021',
    url: 'https://github.com/Nomik21/openlayers1',
  },
  afdc: {
    licence: 'US government open data',
    attribution: 'U.S. Department of Energy, Alternative Fuels Data Center (NREL)',
    url: 'https://afdc.energy.gov/stations',
  },
} as const;

/**
 * Who actually published each India sub-source, for the rows of the dataset's main file (a raw file of an
 * operator's own list, MNGL's or GAIL Gas's, is read through that operator's mapping instead).
 * Operator-scraped rows carry no licence of their own, so the attribution names both the operator and the
 * dataset that collected them.
 */
export const INDIA_SUB_SOURCES: Record<
  string,
  { publisher: string; quality: 'operator' | 'osm' | 'geocoded'; company?: string }
> = {
  mngl: { publisher: 'Maharashtra Natural Gas Ltd station list', quality: 'operator', company: 'MNGL' },
  gail_pdf: { publisher: 'GAIL Gas "Existing CNG Stations" list', quality: 'operator', company: 'GAIL Gas' },
  gujarat_gas: {
    publisher: 'Gujarat Gas station list, geocoded with Nominatim',
    quality: 'geocoded',
    company: 'Gujarat Gas',
  },
  igl_mgl: { publisher: 'OpenStreetMap (IGL/MGL zones) © OpenStreetMap contributors', quality: 'osm' },
  osm: { publisher: 'OpenStreetMap © OpenStreetMap contributors', quality: 'osm' },
  osm_allstations: { publisher: 'OpenStreetMap © OpenStreetMap contributors', quality: 'osm' },
  osm_extra: { publisher: 'OpenStreetMap © OpenStreetMap contributors', quality: 'osm' },
  atgl: { publisher: 'OpenStreetMap (Adani zones) © OpenStreetMap contributors', quality: 'osm' },
  nominatim_grid: { publisher: 'OpenStreetMap Nominatim © OpenStreetMap contributors', quality: 'osm' },
  wikidata: { publisher: 'Wikidata (CC0)', quality: 'geocoded' },
};
