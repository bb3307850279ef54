import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { finishFeedList } from './generic';
import { hashedId } from './hashed-id';
import { parseJson } from './read-input';
import { SOURCE_LICENCES } from './source-licences';
import type { ParsedImport } from './station-record';
import type { RawRow } from './validate-row';

const str = (v: unknown): string | null =>
  v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim();

/**
 * Brazil's GNV (CNG) stations for trucks from the regulator ANP's retailer registry (`;`-separated, BOM).
 * The id is the station's CNPJ (registry number, one per establishment). The positions were geocoded by the
 * list's author with a map search, not published by ANP: approximate. "BANDEIRA BRANCA" ("white flag") is
 * an unbranded station, not a brand.
 */
export function parseBrazilAnp(text: string, input: string): ParsedImport {
  if (text.trim() === '') throw new Error(`${input} is empty`);
  let records: Record<string, string>[];
  try {
    records = parseCsv(text, { columns: true, delimiter: ';', bom: true, skip_empty_lines: true });
  } catch (err) {
    throw new Error(`${input} is not a readable ANP GNV CSV: ${(err as Error).message}`);
  }
  const missing = ['identification_document', 'site_name', 'latitude', 'longitude'].filter(
    (k) => !(k in (records[0] ?? {})),
  );
  if (records.length === 0 || missing.length)
    throw new Error(`${input}: wrong columns: missing ${missing.join(', ') || 'rows'}`);
  const file = path.basename(input);
  const { licence, attribution, url } = SOURCE_LICENCES['br-anp'];
  const rows = records.map(
    (r, i): RawRow => ({
      source: 'br-anp',
      sourceId: str(r.identification_document),
      where: `${file}:${i + 2}`,
      name: r.site_name,
      brand: str(r.operator) === 'BANDEIRA BRANCA' ? null : str(r.operator),
      lon: r.longitude,
      lat: r.latitude,
      claimedCountry: str(r.country_code) ?? 'BR',
      address: [str(r.street), str(r.zip_code)].filter(Boolean).join(', ') || null,
      city: str(r.city),
      region: str(r.uf),
      coordinateQuality: 'geocoded',
      licence,
      attribution,
      url,
    }),
  );
  return finishFeedList('br-anp', input, records.length, rows, 'br-anp');
}

/**
 * Greek CNG stations placed by hand on a map in 2021 (GeoJSON Points with `Name` and `City`): approximate
 * positions, no ids (one is made from name and position), stale, no licence stated.
 */
export function parseGreeceCng(text: string, input: string): ParsedImport {
  const data = parseJson(text, input) as { type?: string; features?: unknown };
  if (data?.type !== 'FeatureCollection' || !Array.isArray(data.features) || data.features.length === 0) {
    throw new Error(`${input} is not a GeoJSON FeatureCollection of stations`);
  }
  const file = path.basename(input);
  const { licence, attribution, url } = SOURCE_LICENCES['gr-cng'];
  const features = data.features as {
    geometry?: { type?: string; coordinates?: unknown[] };
    properties?: Record<string, unknown>;
  }[];
  const rows = features.map((f, i): RawRow => {
    const p = f.properties ?? {};
    const point = f.geometry?.type === 'Point' ? f.geometry.coordinates : undefined;
    return {
      source: 'gr-cng',
      sourceId: hashedId(p.Name, point?.[0], point?.[1]),
      where: `${file}#${i + 1}`,
      name: p.Name,
      lon: point?.[0],
      lat: point?.[1],
      claimedCountry: 'GR',
      city: str(p.City),
      coordinateQuality: 'geocoded',
      licence,
      attribution,
      url,
    };
  });
  return finishFeedList('gr-cng', input, features.length, rows, 'gr-cng');
}
