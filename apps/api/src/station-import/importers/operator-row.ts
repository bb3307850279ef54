import { hash } from 'node:crypto';
import { hashedId } from './hashed-id';
import type { FieldSpec, OperatorList, OperatorMapping } from './operator-mapping';
import type { ListRecord } from './operator-records';
import type { Rejection } from './station-record';
import type { RawRow } from './validate-row';

type Props = Record<string, unknown>;
const str = (v: unknown): string | null =>
  v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim();

/** The value a field spec picks from a record, as the file has it (validation normalises text later). */
export function fieldValue(props: Props, spec: FieldSpec | undefined): unknown {
  if (spec === undefined) return null;
  if (typeof spec === 'string') return props[spec];
  if (Array.isArray(spec)) return spec.map((k) => props[k]).find((v) => str(v) !== null) ?? null;
  const [first, ...rest] = spec.join.map((part) => str(fieldValue(props, part)));
  // A first part that already holds the separator is the joined text itself (a locator may send both forms).
  if (!first || first.includes(spec.separator.trim())) return first ?? null;
  return [first, ...rest.filter((p): p is string => p !== null)].join(spec.separator);
}

/** True when the list's filter keeps the record: rows it drops belong to another list in the same file. */
export function keeps(list: OperatorList, props: Props): boolean {
  if (!list.filter) return true;
  const v = str(props[list.filter.field]);
  return list.filter.equals !== undefined ? v === list.filter.equals : v !== list.filter.notEquals;
}

/** The row's id in its source, formed as the mapping says (operator-mapping.ts, `sourceId`). */
function sourceIdOf(m: OperatorMapping, props: Props, name: unknown, lon: unknown, lat: unknown) {
  const how = m.sourceId;
  if (how.from === 'name-and-position') return hashedId(name, lon, lat);
  if (how.from === 'field') return str(props[how.field]);
  return `h-${hash('sha1', how.fields.map((f) => String(props[f])).join('|'), 'hex').slice(0, 16)}`;
}

/** A text field, or null when empty or one of the list's values that mean "none". */
function textOf(list: OperatorList, props: Props, key: keyof OperatorList['fields']): string | null {
  const v = str(fieldValue(props, list.fields[key]));
  const none = list.ignoreValues?.[key] ?? [];
  return v !== null && none.some((n) => n.toUpperCase() === v.toUpperCase()) ? null : v;
}

/** A rejection when the list's fuel field does not prove CNG (operator-mapping.ts, `cng`); else null. */
function cngRefusal(m: OperatorMapping, list: OperatorList, props: Props, base: Omit<Rejection, 'reason'>) {
  if (!list.cng) return null;
  const value = str(props[list.cng.field]);
  const fuels = (value ?? '').split(list.cng.separator).map((f) => f.trim().toUpperCase());
  if (!fuels.includes(list.cng.mustInclude.toUpperCase()))
    return { ...base, reason: 'not-cng' as const, detail: `${list.cng.field} ${value}` };
  if (fuels.length < (list.cng.minEntries ?? 1))
    return { ...base, reason: 'not-cng-verified' as const, detail: list.cng.tooFewDetail ?? `${m.source}` };
  return null;
}

/**
 * One record of an operator's list as a raw row of its source, credited as the mapping says, or the
 * rejection of a row that its fuel field shows is no verified CNG station.
 */
export function operatorRow(m: OperatorMapping, list: OperatorList, record: ListRecord): RawRow | Rejection {
  const p = record.props;
  const name = fieldValue(p, list.fields.name);
  const lon = list.fields.lon ? fieldValue(p, list.fields.lon) : record.lon;
  const lat = list.fields.lat ? fieldValue(p, list.fields.lat) : record.lat;
  const sourceId = sourceIdOf(m, p, name, lon, lat);
  const refusal = cngRefusal(m, list, p, { source: m.source, where: record.where, sourceId });
  if (refusal) return refusal;
  return {
    source: m.source,
    sourceId,
    where: record.where,
    name,
    brand: textOf(list, p, 'brand') ?? m.brand ?? null,
    operator: textOf(list, p, 'operator') ?? m.operator ?? null,
    lon,
    lat,
    claimedCountry: m.country ?? null,
    address: textOf(list, p, 'address'),
    city: textOf(list, p, 'city'),
    openingHours: textOf(list, p, 'hours'),
    phone: textOf(list, p, 'phone'),
    coordinateQuality: m.coordinates.quality,
    licence: m.licence,
    attribution: m.attribution,
    url: m.locatorUrl ?? null,
    sourceCompany: m.company ?? null,
  };
}
