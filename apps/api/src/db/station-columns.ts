import type { Station } from '@cng/shared';
import type { StationsTable } from './schema';

/**
 * The one station shape is `Station` in packages/shared/src/station.ts; the `stations` table stores it in
 * snake_case columns. This type names the column(s) behind each Station field, and the checks below make the
 * typecheck fail when the two drift apart: a Station field without a column, a column no field or
 * storage-only list accounts for, or a text/number column that cannot hold its field's values or differs from it in nullability.
 * (stations/station-repository.ts converts between them; importers' StationRecord is derived from Station.)
 */
interface ColumnsOfStation {
  id: 'id';
  name: 'name';
  displayName: 'display_name';
  nameParts: 'display_name_parts';
  brand: 'brand';
  operator: 'operator';
  lon: 'lon';
  lat: 'lat';
  address: 'address';
  city: 'city';
  region: 'region';
  countryCode: 'country_code';
  timeZone: 'time_zone';
  openingHours: 'opening_hours';
  accessHours: 'access_hours';
  sourceConfirmedAt: 'source_confirmed_at';
  phone: 'phone';
  price: 'price_amount' | 'price_currency' | 'price_published_at' | 'price_outlier';
  cng:
    | 'cng_fill_type'
    | 'cng_pressure_psi'
    | 'cng_vehicle_class'
    | 'cng_open_24x7'
    | 'cng_dispensers'
    | 'cng_renewable';
  coordinateQuality: 'coordinate_quality';
  active: 'active';
  firstSeenAt: 'first_seen_at';
  lastSeenAt: 'last_seen_at';
  /** In the station_sources table. */
  sources: never;
}

/** Columns that are storage state, not Station fields (hiding, a moderator's move, the row's own clock). */
type StorageOnlyColumns = 'hidden_at' | 'hidden_reason' | 'moved_lon' | 'moved_lat' | 'updated_at';

/** Stored nullable although the field is not: rows written before migration 0005 (the name stands in). */
type NullableInStorage = 'displayName';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The column holds every value of the field, and is nullable exactly when the field is. */
type Stores<Field, Column> = [Field] extends [Column]
  ? null extends Column
    ? Same<null extends Field ? 1 : 0, 1>
    : true
  : false;
type Mapped = ColumnsOfStation[keyof ColumnsOfStation];
/** The columns of `stations` a Station field is stored in: every column but the storage-only ones. */
export type StationFieldColumns = Mapped;
/** Single-column fields whose value is text or a number: stored as is, with the same nullability. */
type ScalarDrift = {
  [K in keyof ColumnsOfStation]: NonNullable<Station[K]> extends string | number
    ? Stores<
        Exclude<Station[K], undefined> | (K extends NullableInStorage ? null : never),
        StationsTable[ColumnsOfStation[K]]
      > extends true
      ? never
      : K
    : never;
}[keyof ColumnsOfStation];

/** Each is `true` only while the shapes agree; otherwise the typecheck names what drifted. */
export type StationShapeChecks = [
  Same<keyof ColumnsOfStation, keyof Station> extends true
    ? true
    : Exclude<keyof Station, keyof ColumnsOfStation>,
  Mapped extends keyof StationsTable ? true : Exclude<Mapped, keyof StationsTable>,
  Exclude<keyof StationsTable, Mapped | StorageOnlyColumns> extends never
    ? true
    : Exclude<keyof StationsTable, Mapped | StorageOnlyColumns>,
  [ScalarDrift] extends [never] ? true : ScalarDrift,
];
export const stationShapeAgrees: StationShapeChecks = [true, true, true, true];
