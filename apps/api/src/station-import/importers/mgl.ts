import path from 'node:path';
import { hashedId } from './hashed-id';
import { parseJson } from './read-input';
import type { RegionLookup } from './region-lookup';
import { SOURCE_LICENCES } from './source-licences';
import type { FeedScope, ParsedImport, Rejection } from './station-record';
import { type RawRow, validateRows } from './validate-row';

/** Mahanagar Gas's public outlet locator (the API its website's station finder calls). */
export const DEFAULT_MGL_URL = 'https://www.mahanagargas.com:3000/outlet/cngfilling';
/** The `source` of the MGL rows in the scraped file (operators/mgl_and_osm_cng_stations_*.geojson). */
const MGL_FILE_SOURCE = 'mahanagargas.com';
/** Source key of the OpenStreetMap rows of that file: they have no OSM ids, so they are a feed of their own. */
export const MGL_FILE_OSM_SOURCE = 'osm:mgl-scrape';

type Props = Record<string, unknown>;
const str = (v: unknown): string | null =>
  v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim();

/** One MGL outlet as a raw row: the operator's own coordinates, credited to Mahanagar Gas. */
function mglRow(
  p: { name: unknown; lon: unknown; lat: unknown; address?: unknown; city?: unknown; phone?: unknown },
  where: string,
): RawRow {
  const { licence, attribution, url } = SOURCE_LICENCES.mgl;
  return {
    source: 'mgl',
    sourceId: hashedId(p.name, p.lon, p.lat),
    where,
    name: p.name,
    brand: 'MGL',
    operator: 'Mahanagar Gas Limited',
    lon: p.lon,
    lat: p.lat,
    address: str(p.address),
    city: str(p.city),
    phone: str(p.phone),
    coordinateQuality: 'operator',
    licence,
    attribution,
    url,
    sourceCompany: 'MGL',
  };
}

/** A scraped OpenStreetMap row counts as CNG only when its fuel list shows the tag was there (see below). */
function osmRow(p: Props, lon: unknown, lat: unknown, where: string): RawRow | Rejection {
  const fuels = (str(p.fuel_types) ?? '').split(',').map((f) => f.trim().toUpperCase());
  const sourceId = hashedId(p.name, lon, lat);
  if (!fuels.includes('CNG')) {
    return {
      source: MGL_FILE_OSM_SOURCE,
      where,
      sourceId,
      reason: 'not-cng',
      detail: `fuel_types ${str(p.fuel_types)}`,
    };
  }
  // The scraper writes "CNG" both for fuel:cng=yes and, as its default, for a station with no fuel tag at
  // all; only a list with another fuel beside CNG proves the fuel tags were read.
  if (fuels.length < 2) {
    return {
      source: MGL_FILE_OSM_SOURCE,
      where,
      sourceId,
      reason: 'not-cng-verified',
      detail: 'fuel_types "CNG" is the scraper\'s default for a station without fuel tags',
    };
  }
  const { licence, attribution } = SOURCE_LICENCES.osm;
  // The scraper fills an empty brand with "CNG": that is no brand.
  const brand = str(p.brand);
  return {
    source: MGL_FILE_OSM_SOURCE,
    sourceId,
    where,
    name: p.name,
    brand: brand && brand.toUpperCase() !== 'CNG' ? brand : null,
    operator: str(p.operator),
    lon,
    lat,
    address: str(p.address),
    city: str(p.city),
    phone: str(p.phone),
    coordinateQuality: 'osm',
    licence,
    attribution: `${attribution} (OpenStreetMap stations as scraped with MGL's list, 2026-03-20)`,
    url: null,
  };
}

function finish(
  input: string,
  read: number,
  rows: RawRow[],
  rejected: Rejection[],
  feeds: FeedScope[],
  regions: RegionLookup | null,
): ParsedImport {
  const valid = validateRows(rows, { regions });
  return {
    importer: 'mgl',
    inputs: [input],
    read,
    candidates: valid.candidates,
    rejected: [...rejected, ...valid.rejected],
    feeds,
  };
}

/**
 * Parses the scraped GeoJSON of MGL outlets and OpenStreetMap stations (shared/data/stations/operators): the
 * `mahanagargas.com` rows are MGL's own list, the `openstreetmap.org` rows go through the OSM rules.
 */
export function parseMglGeoJson(
  text: string,
  input: string,
  regions: RegionLookup | null = null,
): ParsedImport {
  const data = parseJson(text, input) as { type?: string; features?: unknown };
  if (data?.type !== 'FeatureCollection' || !Array.isArray(data.features)) {
    throw new Error(`${input} is not a GeoJSON FeatureCollection`);
  }
  const features = data.features as {
    geometry?: { type?: string; coordinates?: unknown[] };
    properties?: Props;
  }[];
  const file = path.basename(input);
  const rows: RawRow[] = [];
  const rejected: Rejection[] = [];
  const sources = new Set<string>();
  features.forEach((f, i) => {
    const p = f.properties ?? {};
    const point = f.geometry?.type === 'Point' ? f.geometry.coordinates : undefined;
    const where = `${file}#${i + 1}`;
    if (p.source === MGL_FILE_SOURCE) {
      sources.add('mgl');
      rows.push(
        mglRow(
          {
            name: p.name,
            lon: point?.[0],
            lat: point?.[1],
            address: p.address,
            city: p.city,
            phone: p.phone,
          },
          where,
        ),
      );
      return;
    }
    sources.add(MGL_FILE_OSM_SOURCE);
    const row = osmRow(p, point?.[0], point?.[1], where);
    if ('reason' in row) rejected.push(row);
    else rows.push(row);
  });
  if (!sources.has('mgl'))
    throw new Error(`${input} has no Mahanagar Gas rows (properties.source "${MGL_FILE_SOURCE}")`);
  return finish(
    input,
    features.length,
    rows,
    rejected,
    [...sources].map((source) => ({ source, countries: 'all' })),
    regions,
  );
}

/** The outlet list in an answer of the MGL API: a bare array, or under `details`, `data` or `stations`. */
function outletsOf(data: unknown): Props[] | null {
  if (Array.isArray(data)) return data as Props[];
  if (data && typeof data === 'object') {
    for (const key of ['details', 'data', 'stations']) {
      const list = (data as Props)[key];
      if (Array.isArray(list)) return list as Props[];
    }
  }
  return null;
}

/** Parses an answer of MGL's outlet-locator API: `OutletName`, `AreaName`, `Latitude`, `Longitude`, …. */
export function parseMglApi(text: string, input: string, regions: RegionLookup | null = null): ParsedImport {
  const outlets = outletsOf(parseJson(text, input));
  if (!outlets) throw new Error(`${input} is not an MGL outlet list: no array of outlets in the answer`);
  if (outlets.length === 0) throw new Error(`${input} is empty: no outlets`);
  const rows = outlets.map((o, i) => {
    const outlet = str(o.OutletName ?? o.Name ?? o.name);
    const area = str(o.AreaName ?? o.Area);
    // The file's names read "Outlet; Area", as the locator shows them.
    const name = outlet && area && !outlet.includes(';') ? `${outlet}; ${area}` : outlet;
    return mglRow(
      {
        name,
        lon: o.Longitude ?? o.longitude ?? o.lng,
        lat: o.Latitude ?? o.latitude ?? o.lat,
        address: o.Address ?? o.address,
        city: o.City ?? o.Location,
        phone: o.ContactNo ?? o.Phone,
      },
      `MGL API#${i + 1}`,
    );
  });
  return finish(input, outlets.length, rows, [], [{ source: 'mgl', countries: 'all' }], regions);
}

/** Asks MGL's locator for every outlet (no filter) and returns the JSON text; throws naming the endpoint. */
export async function fetchMglOutlets(url: string, timeoutMs: number): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'cng-navigator-importer/0.1' },
      body: JSON.stringify({ Location: '', AreaName: '', VehicleType: '' }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const why = e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (e.cause?.code ?? e.message);
    throw new Error(`MGL outlet locator ${url} failed: ${why}`);
  }
  if (!res.ok) throw new Error(`MGL outlet locator ${url} failed: HTTP ${res.status} ${res.statusText}`);
  return await res.text();
}
