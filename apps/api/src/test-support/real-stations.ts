import fs from 'node:fs';
import path from 'node:path';
import type { Station } from '@cng/shared';
import { iso1A2Code } from '@rapideditor/country-coder';
import { repoRoot } from '../config/env';
import type { Db } from '../db/database';
import { rowFromStation } from '../stations/station-repository';

/** The real open-data copies (never committed; see ../shared/data/stations/README.md). */
export const REAL_DATA_DIR = path.join(repoRoot, '..', 'shared', 'data', 'stations');

const IMPORTED_AT = '2026-08-21T08:00:00.000Z';
// The sources the data README says are not verified CNG stations.
const INFERRED_INDIA_SOURCES = new Set(['cgd_inferred', 'all_india_fuel']);

function baseStation(partial: Pick<Station, 'id' | 'name' | 'lon' | 'lat' | 'countryCode'>): Station {
  return {
    brand: null,
    operator: null,
    address: null,
    city: null,
    region: null,
    timeZone: null,
    openingHours: null,
    phone: null,
    price: null,
    cng: {
      fillType: null,
      pressurePsi: null,
      vehicleClass: null,
      open24x7: null,
      dispensers: null,
      renewable: null,
    },
    accessHours: null,
    sourceConfirmedAt: null,
    coordinateQuality: 'government',
    active: true,
    firstSeenAt: IMPORTED_AT,
    lastSeenAt: IMPORTED_AT,
    sources: [],
    displayName: partial.name,
    ...partial,
  };
}

/** Italian CNG (Metano) stations from the MIMIT files: ids of stations selling Metano, joined to the registry. */
function italianStations(): Station[] {
  const prices = fs
    .readFileSync(path.join(REAL_DATA_DIR, 'italy_mimit_prezzo_alle_8.csv'), 'utf8')
    .split('\n');
  const cngIds = new Set(
    prices
      .map((l) => l.split('|'))
      .filter((p) => p[1] === 'Metano')
      .map((p) => p[0]!),
  );
  const lines = fs
    .readFileSync(path.join(REAL_DATA_DIR, 'italy_mimit_anagrafica_impianti_attivi.csv'), 'utf8')
    .split('\n')
    .slice(2);
  const out: Station[] = [];
  for (const line of lines) {
    const p = line.trim().split('|');
    if (p.length < 10 || !cngIds.has(p[0]!)) continue;
    // A few rows have a literal | inside a field; the coordinates are always the last two columns.
    const lat = Number(p[p.length - 2]);
    const lon = Number(p[p.length - 1]);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || iso1A2Code([lon, lat]) !== 'IT') continue;
    const clean = p.length === 10;
    out.push({
      ...baseStation({ id: `it-${p[0]}`, name: p[4]!.trim() || 'Distributore', lon, lat, countryCode: 'IT' }),
      operator: p[1]!.trim() || null,
      brand: p[2]!.trim() || null,
      address: clean ? p[5]!.trim() || null : null,
      city: clean ? p[6]!.trim() || null : null,
      region: clean ? p[7]!.trim() || null : null,
      timeZone: 'Europe/Rome',
      sources: [source('it-mimit', p[0]!, 'IODL 2.0', 'Ministero delle Imprese e del Made in Italy')],
    });
  }
  return out;
}

/** Indian CNG stations from the bash1401 dataset, without the inferred rows and outside-India points. */
function indianStations(): Station[] {
  const rows = JSON.parse(
    fs.readFileSync(path.join(REAL_DATA_DIR, 'india_cng_stations_bash1401.json'), 'utf8'),
  ) as {
    id: string;
    name: string;
    latitude: number;
    longitude: number;
    city?: string;
    address?: string;
    operator?: string;
    source: string;
  }[];
  return rows
    .filter((r) => !INFERRED_INDIA_SOURCES.has(r.source) && iso1A2Code([r.longitude, r.latitude]) === 'IN')
    .map((r) => ({
      ...baseStation({
        id: `in-${r.id}`,
        name: r.name,
        lon: r.longitude,
        lat: r.latitude,
        countryCode: 'IN',
      }),
      city: r.city || null,
      address: r.address || null,
      operator: r.operator || null,
      coordinateQuality: r.source.startsWith('osm') ? ('osm' as const) : ('operator' as const),
      sources: [source('india-open', r.id, 'ODbL-1.0', '© OpenStreetMap contributors; bash1401')],
    }));
}

function source(name: string, id: string, licence: string, attribution: string): Station['sources'][number] {
  return { source: name, sourceId: id, licence, attribution, url: null, importedAt: IMPORTED_AT };
}

let cache: Station[] | undefined;
/** Every real CNG station of the Italian and Indian copies, as the importers would store them (roughly). */
export function realStations(): Station[] {
  cache ??= [...italianStations(), ...indianStations()];
  return cache;
}

/** Inserts stations and their sources, in batches that fit both dialects' parameter limits. */
export async function insertStations(db: Db, stations: Station[]): Promise<void> {
  for (let i = 0; i < stations.length; i += 200) {
    const batch = stations.slice(i, i + 200);
    await db
      .insertInto('stations')
      .values(batch.map((s) => rowFromStation(s, IMPORTED_AT)))
      .execute();
    const sources = batch.flatMap((s) =>
      s.sources.map((src) => ({
        station_id: s.id,
        source: src.source,
        source_id: src.sourceId,
        licence: src.licence,
        attribution: src.attribution,
        url: src.url,
        lon: s.lon,
        lat: s.lat,
        coordinate_quality: s.coordinateQuality,
        content_hash: `${s.id}-hash`,
        record: JSON.stringify(s),
        imported_at: src.importedAt,
        present: 1,
      })),
    );
    if (sources.length) await db.insertInto('station_sources').values(sources).execute();
  }
}
