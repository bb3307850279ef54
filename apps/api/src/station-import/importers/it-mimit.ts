import path from 'node:path';
import { zonedToUtcIso } from '../../lib/zoned-time';
import { splitMimitStationLine } from './mimit-lines';
import { flagPriceOutliers } from './price-outliers';
import { SOURCE_LICENCES } from './source-licences';
import type { ParsedImport, RecordPrice, Rejection } from './station-record';
import { type RawRow, validateRows } from './validate-row';

export const MIMIT_STATIONS_HEADER =
  'idImpianto|Gestore|Bandiera|Tipo Impianto|Nome Impianto|Indirizzo|Comune|Provincia|Latitudine|Longitudine';
export const MIMIT_PRICES_HEADER = 'idImpianto|descCarburante|prezzo|isSelf|dtComu';
/** The fuel name MIMIT uses for CNG. */
export const MIMIT_CNG_FUEL = 'Metano';

interface CngPrice {
  amount: number;
  selfService: boolean;
  communicatedAt: string;
}

/** Splits a MIMIT file into its extract date (line 1) and data lines, checking the header (line 2). */
function openMimitFile(
  text: string,
  input: string,
  header: string,
): { extractDate: string; lines: string[] } {
  if (text.trim() === '') throw new Error(`${input} is empty`);
  const lines = text.split(/\r?\n/);
  const m = /^Estrazione del (\d{4}-\d{2}-\d{2})\s*$/.exec(lines[0] ?? '');
  if (!m)
    throw new Error(
      `${input}: line 1 should be "Estrazione del YYYY-MM-DD", got ${JSON.stringify(lines[0])}`,
    );
  if ((lines[1] ?? '').trim() !== header) {
    throw new Error(`${input}: wrong columns: line 2 should be "${header}", got ${JSON.stringify(lines[1])}`);
  }
  return { extractDate: m[1]!, lines: lines.slice(2) };
}

/** dtComu "20/08/2026 20:30:14" is Italian wall-clock time. */
function parseDtComu(raw: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(raw.trim());
  if (!m) return null;
  const [, day, month, year, hour, minute, second] = m.map(Number) as number[];
  return zonedToUtcIso(
    { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! },
    'Europe/Rome',
  );
}

/** The one CNG price per station: the latest communicated; on a tie, the lower (what a driver can get). */
function cngPrices(lines: string[], input: string): Map<string, CngPrice> {
  const byStation = new Map<string, CngPrice>();
  lines.forEach((line, i) => {
    if (line === '') return;
    const f = line.split('|');
    if (f[1] !== MIMIT_CNG_FUEL) return;
    if (f.length !== 5) throw new Error(`${input}: line ${i + 3} has ${f.length} fields, expected 5`);
    const amount = Number(f[2]);
    const communicatedAt = parseDtComu(f[4]!);
    if (!Number.isFinite(amount) || !communicatedAt) return;
    const prev = byStation.get(f[0]!);
    if (
      !prev ||
      communicatedAt > prev.communicatedAt ||
      (communicatedAt === prev.communicatedAt && amount < prev.amount)
    ) {
      byStation.set(f[0]!, { amount, selfService: f[3] === '1', communicatedAt });
    }
  });
  return byStation;
}

/**
 * Parses the MIMIT pair (anagrafica_impianti_attivi + prezzo_alle_8): every station that sells Metano (CNG),
 * with its price in EUR/kg and the time it was communicated. Prices far from the run's median are flagged.
 */
export function parseMimit(
  stationsText: string,
  stationsInput: string,
  pricesText: string,
  pricesInput: string,
): ParsedImport & { extractDate: string } {
  const prices = openMimitFile(pricesText, pricesInput, MIMIT_PRICES_HEADER);
  const stations = openMimitFile(stationsText, stationsInput, MIMIT_STATIONS_HEADER);
  const cng = cngPrices(prices.lines, pricesInput);
  const file = path.basename(stationsInput);
  const licence = SOURCE_LICENCES['it-mimit'];
  const rows: RawRow[] = [];
  const rejected: Rejection[] = [];
  const found = new Set<string>();
  stations.lines.forEach((line, i) => {
    const id = line.slice(0, line.indexOf('|'));
    const price = cng.get(id);
    if (!price) return;
    found.add(id);
    const where = `${file}:${i + 3}`;
    const f = splitMimitStationLine(line);
    if (!f) {
      rejected.push({
        source: 'it-mimit',
        where,
        sourceId: id,
        reason: 'malformed-row',
        detail: line.slice(0, 120),
      });
      return;
    }
    const recordPrice: RecordPrice = {
      amount: price.amount,
      currency: 'EUR',
      publishedAt: price.communicatedAt,
      outlier: false,
    };
    rows.push({
      source: 'it-mimit',
      sourceId: id,
      where,
      name: f.name,
      // "Pompe Bianche" ("white pumps") means unbranded, not a brand.
      brand: f.brand && f.brand !== 'Pompe Bianche' ? f.brand : null,
      operator: f.operator,
      lon: f.lon,
      lat: f.lat,
      claimedCountry: 'IT',
      address: f.address,
      city: f.city,
      region: f.province,
      price: recordPrice,
      coordinateQuality: 'government',
      licence: licence.licence,
      attribution: licence.attribution,
      url: licence.url,
    });
  });
  for (const id of cng.keys()) {
    if (!found.has(id)) {
      rejected.push({
        source: 'it-mimit',
        where: path.basename(pricesInput),
        sourceId: id,
        reason: 'no-station-for-price',
      });
    }
  }
  const valid = validateRows(rows);
  // Outliers are judged among the accepted stations only, so rejected rows cannot shift the bounds.
  flagPriceOutliers(valid.candidates.map((c) => c.record.price!));
  return {
    importer: 'it-mimit',
    inputs: [stationsInput, pricesInput],
    read: cng.size,
    candidates: valid.candidates,
    rejected: [...rejected, ...valid.rejected],
    feeds: [{ source: 'it-mimit', countries: 'all' }],
    extractDate: prices.extractDate,
  };
}
