import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afdcOpen24x7 } from './afdc-hours';
import { parseJson } from './read-input';
import { SOURCE_LICENCES } from './source-licences';
import type { ParsedImport, Rejection } from './station-record';
import { type RawRow, validateRows } from './validate-row';

/** An AFDC station with the API's snake_case field names (CSV headers are normalized to them). */
export type AfdcStation = Record<string, unknown>;

const FILL_TYPES: Record<string, string> = { B: 'both', Q: 'fast', T: 'time' };
const VEHICLE_CLASSES: Record<string, string> = { LD: 'light-duty', MD: 'medium-duty', HD: 'heavy-duty' };
const REQUIRED = ['id', 'station_name', 'latitude', 'longitude', 'fuel_type_code'];

/**
 * "CNG PSI" → cng_psi, as the API names its fields. The CSV also keeps older "NG …" columns beside the
 * "CNG …" ones ("NG PSI" and "CNG PSI"): they stay ng_… and are read only when the CNG column is empty.
 */
const normalizeHeader = (h: string): string =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');

/** A CNG field, from its CNG column or else the older NG one. */
const cngField = (s: AfdcStation, key: string): string | null => str(s[`cng_${key}`]) ?? str(s[`ng_${key}`]);

/** "true"/"false" (CSV) or true/false (JSON); null when empty or anything else. */
const yesNo = (v: unknown): boolean | null => {
  const t = str(v)?.toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : null;
};

const str = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : String(v).trim();

/** Reads AFDC JSON (the API's `{ fuel_stations: [...] }` or a bare array) or the AFDC CSV download. */
export function readAfdcStations(text: string, input: string): AfdcStation[] {
  if (text.trim() === '') throw new Error(`${input} is empty`);
  let stations: AfdcStation[];
  if (/^\s*[[{]/.test(text)) {
    const data = parseJson(text, input) as { fuel_stations?: unknown } | unknown[];
    const list = Array.isArray(data) ? data : data?.fuel_stations;
    if (!Array.isArray(list)) throw new Error(`${input} is not AFDC JSON: it has no "fuel_stations" array`);
    stations = list as AfdcStation[];
  } else {
    try {
      stations = parseCsv(text, {
        columns: (header: string[]) => header.map(normalizeHeader),
        skip_empty_lines: true,
        bom: true,
        relax_column_count: false,
      }) as AfdcStation[];
    } catch (err) {
      throw new Error(`${input} is not a readable AFDC CSV: ${(err as Error).message}`);
    }
  }
  if (stations.length === 0) throw new Error(`${input} is empty: no stations`);
  const missing = REQUIRED.filter((k) => !(k in (stations[0] as object)));
  if (missing.length) throw new Error(`${input}: wrong columns: missing ${missing.join(', ')}`);
  return stations;
}

/** Parses AFDC (NREL) stations: public, available CNG stations with fill type, pressures and access hours. */
export function parseAfdc(text: string, input: string): ParsedImport {
  const stations = readAfdcStations(text, input);
  const file = path.basename(input);
  const { licence, attribution } = SOURCE_LICENCES.afdc;
  const rejected: Rejection[] = [];
  const rows: RawRow[] = [];
  for (const [i, s] of stations.entries()) {
    const sourceId = str(s.id);
    const where = `${file}#${i + 1}`;
    const reject = (reason: Rejection['reason'], detail: string): void => {
      rejected.push({ source: 'afdc', where, sourceId, reason, detail });
    };
    if (str(s.fuel_type_code) !== 'CNG') {
      reject('not-cng', `fuel_type_code ${str(s.fuel_type_code)}`);
      continue;
    }
    if (str(s.status_code) && str(s.status_code) !== 'E') {
      reject('not-open', `status_code ${str(s.status_code)}`);
      continue;
    }
    if (str(s.access_code)?.toLowerCase() === 'private') {
      reject('not-open', 'access_code private');
      continue;
    }
    const hours = str(s.access_days_time);
    const allDay = afdcOpen24x7(hours);
    const psi =
      cngField(s, 'psi')
        ?.match(/\d{3,5}/g)
        ?.map(Number) ?? null;
    const classes = (cngField(s, 'vehicle_class') ?? str(s.maximum_vehicle_class))
      ?.split(/[\s,]+/)
      .map((c) => VEHICLE_CLASSES[c.toUpperCase()] ?? c)
      .join(', ');
    const dispensers = Number.parseInt(str(s.cng_dispenser_num) ?? '', 10);
    rows.push({
      source: 'afdc',
      sourceId,
      where,
      name: s.station_name,
      lon: s.longitude,
      lat: s.latitude,
      claimedCountry: str(s.country) ?? 'US',
      address: [str(s.street_address), str(s.zip)].filter(Boolean).join(', ') || null,
      city: str(s.city),
      region: str(s.state),
      openingHours: allDay ? '24/7' : null,
      // The text as AFDC writes it ("8am-6pm M-F; call … for card key"): drivers read it, no parser guesses.
      accessHours: hours,
      sourceConfirmedAt: str(s.date_last_confirmed),
      phone: str(s.station_phone),
      cng: {
        fillType: FILL_TYPES[cngField(s, 'fill_type_code') ?? ''] ?? null,
        pressurePsi: psi?.length ? psi : null,
        vehicleClass: classes || null,
        open24x7: allDay,
        dispensers: Number.isInteger(dispensers) && dispensers >= 0 ? dispensers : null,
        renewable: yesNo(s.cng_station_sells_renewable_natural_gas),
      },
      // "GPS" means AFDC checked the position on site; any other geocode status is an address geocode.
      coordinateQuality: str(s.geocode_status) === 'GPS' ? 'government' : 'geocoded',
      licence,
      attribution,
      url: sourceId ? `https://afdc.energy.gov/stations#/station/${sourceId}` : null,
    });
  }
  const valid = validateRows(rows);
  return {
    importer: 'afdc',
    inputs: [input],
    read: stations.length,
    candidates: valid.candidates,
    rejected: [...rejected, ...valid.rejected],
    feeds: [{ source: 'afdc', countries: 'all' }],
  };
}
