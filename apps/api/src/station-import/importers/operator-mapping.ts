import fs from 'node:fs';
import path from 'node:path';
import { COORDINATE_QUALITIES } from '@cng/shared';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { repoRoot } from '../../config/env';
import { readFileLimitedSync } from './input-limits';

/** The folder of the shipped mapping files: one per operator list (`mgl.json`, `hpoil.json`, …). */
// From the repository root, so the bundled server (dist/) finds them as the CLI does.
export const OPERATORS_DIR = path.join(repoRoot, 'apps', 'api', 'src', 'station-import', 'operators');

/** Where a value comes from: one field, the first non-empty of several, or fields joined into one text. */
const FieldName = Type.String({ minLength: 1 });
const FirstOf = Type.Array(FieldName, { minItems: 1 });
const Join = Type.Object(
  {
    join: Type.Array(Type.Union([FieldName, FirstOf]), { minItems: 2 }),
    separator: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);
const FieldSpec = Type.Union([FieldName, FirstOf, Join]);
export type FieldSpec = Static<typeof FieldSpec>;

const Fields = Type.Object(
  {
    name: FieldSpec,
    lat: Type.Optional(FieldSpec),
    lon: Type.Optional(FieldSpec),
    address: Type.Optional(FieldSpec),
    city: Type.Optional(FieldSpec),
    operator: Type.Optional(FieldSpec),
    brand: Type.Optional(FieldSpec),
    phone: Type.Optional(FieldSpec),
    hours: Type.Optional(FieldSpec),
  },
  { additionalProperties: false },
);

/** The operator's own endpoint; the request goes through the shared transport (operator-fetch.ts). */
const Live = Type.Object(
  {
    url: Type.String({ pattern: '^https?://' }),
    method: Type.Optional(Type.Enum(['GET', 'POST'])),
    /** JSON body of a POST. */
    body: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

/** Rows the list keeps: those whose field equals (or differs from) a value. Other rows are not this list's. */
const Filter = Type.Object(
  {
    field: FieldName,
    equals: Type.Optional(Type.String()),
    notEquals: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/** A fuel list that must name CNG, and may have to name another fuel beside it to prove its tags were read. */
const CngCheck = Type.Object(
  {
    field: FieldName,
    separator: Type.String({ minLength: 1 }),
    mustInclude: Type.String({ minLength: 1 }),
    minEntries: Type.Optional(Type.Integer({ minimum: 1 })),
    tooFewDetail: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const List = Type.Object(
  {
    format: Type.Enum(['csv', 'json', 'geojson', 'html-table']),
    delimiter: Type.Optional(Type.String({ minLength: 1, maxLength: 1 })),
    /** json: keys that may hold the array of records when the answer is an object. */
    recordsAt: Type.Optional(Type.Array(FieldName)),
    /** html-table: names of the first cells of a row; rows with fewer cells are not station rows. */
    columns: Type.Optional(Type.Array(Type.String(), { minItems: 1 })),
    /** html-table: a pattern with groups `lat` and `lon`, matched against the row's HTML. */
    coordinatesPattern: Type.Optional(Type.String({ minLength: 1 })),
    filter: Type.Optional(Filter),
    fields: Fields,
    /** Values that mean "none" in a field, e.g. a scraper's default brand. */
    ignoreValues: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    cng: Type.Optional(CngCheck),
    live: Type.Optional(Live),
  },
  { additionalProperties: false },
);
export type OperatorList = Static<typeof List>;

const SourceId = Type.Union([
  // Name and position to `decimals` places (hashed-id.ts): for lists without ids of their own.
  Type.Object(
    { from: Type.Literal('name-and-position'), decimals: Type.Literal(5) },
    { additionalProperties: false },
  ),
  // The raw text of these fields, hashed as the India dataset's raw files have always been keyed.
  Type.Object(
    { from: Type.Literal('hash-of-fields'), fields: Type.Array(FieldName, { minItems: 1 }) },
    { additionalProperties: false },
  ),
  Type.Object({ from: Type.Literal('field'), field: FieldName }, { additionalProperties: false }),
]);

export const OperatorMappingSchema = Type.Object(
  {
    description: Type.String({ minLength: 1 }),
    source: Type.String({ pattern: '^[a-z0-9][a-z0-9:_.-]*$' }),
    operator: Type.Optional(Type.String({ minLength: 1 })),
    brand: Type.Optional(Type.String({ minLength: 1 })),
    company: Type.Optional(Type.String({ minLength: 1 })),
    country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
    coordinates: Type.Object(
      {
        quality: Type.Enum([...COORDINATE_QUALITIES]),
        /** Decimals the operator publishes (how precise its positions are); rows are kept as published. */
        decimals: Type.Integer({ minimum: 0, maximum: 15 }),
      },
      { additionalProperties: false },
    ),
    licence: Type.String({ minLength: 1 }),
    attribution: Type.String({ minLength: 1 }),
    /** The operator's page a driver can check a station on; stored as every station's link. */
    locatorUrl: Type.Optional(Type.String({ pattern: '^https?://' })),
    sourceId: SourceId,
    lists: Type.Array(List, { minItems: 1 }),
    companions: Type.Optional(Type.Array(FieldName)),
  },
  { additionalProperties: false },
);
export type OperatorMapping = Static<typeof OperatorMappingSchema>;

/** Problems the schema cannot express, each naming its field. */
function listProblems(m: OperatorMapping): string[] {
  const problems: string[] = [];
  m.lists.forEach((l, i) => {
    const at = `/lists/${i}`;
    // GeoJSON has its geometry and an html-table its coordinates pattern; the others name the fields.
    if ((l.format === 'csv' || l.format === 'json') && (!l.fields.lat || !l.fields.lon))
      problems.push(`${at}/fields: a ${l.format} list needs "lat" and "lon"`);
    if (l.format === 'html-table' && (!l.columns || !l.coordinatesPattern))
      problems.push(`${at}: an html-table list needs "columns" and "coordinatesPattern"`);
    if (l.coordinatesPattern && !/\(\?<lat>.*\(\?<lon>|\(\?<lon>.*\(\?<lat>/.test(l.coordinatesPattern))
      problems.push(`${at}/coordinatesPattern: needs the groups (?<lat>…) and (?<lon>…)`);
    if (l.delimiter && l.format !== 'csv') problems.push(`${at}/delimiter: only a csv list has a delimiter`);
    if (l.filter && (l.filter.equals === undefined) === (l.filter.notEquals === undefined))
      problems.push(`${at}/filter: give exactly one of "equals" and "notEquals"`);
  });
  if (m.lists.filter((l) => l.live).length > 1)
    problems.push('/lists: only one list may name a live endpoint');
  return problems;
}

/** One schema error as a line that names the field and says what it must be. */
function errorLine(e: { keyword: string; instancePath: string; message: string; params: object }) {
  const at = e.instancePath || '/';
  if (e.keyword === 'boolean') return `${at}: unknown field`;
  const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
  if (e.keyword === 'enum' && allowed) return `${at}: must be one of ${allowed.join(', ')}`;
  return `${at}: ${e.message}`;
}

/** Validates a parsed mapping; throws one message that names every bad field, prefixed with `origin`. */
export function checkMapping(value: unknown, origin: string): OperatorMapping {
  const all = [...Value.Errors(OperatorMappingSchema, value)];
  const errors = all
    // An unknown field is named by its own path ("unknown field"), and a union's summary adds nothing to
    // the errors of its members at the same path.
    .filter((e) => e.keyword !== 'additionalProperties')
    .filter((e) => e.keyword !== 'anyOf' || !all.some((o) => o !== e && o.instancePath === e.instancePath))
    .map(errorLine);
  const problems = errors.length ? errors : listProblems(value as OperatorMapping);
  if (problems.length)
    throw new Error(`${origin} is not a valid operator mapping:\n  ${[...new Set(problems)].join('\n  ')}`);
  return value as OperatorMapping;
}

/** True when the argument names a mapping file rather than a shipped mapping (`mgl`, `hpoil`, …). */
const isMappingPath = (nameOrPath: string): boolean => nameOrPath.endsWith('.json');

/** The names of the shipped mappings, sorted. */
export function shippedMappings(): string[] {
  return fs
    .readdirSync(OPERATORS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** Reads and validates a shipped mapping by name, or a mapping file by path; throws naming the problem. */
export function loadMapping(nameOrPath: string): OperatorMapping {
  const file = isMappingPath(nameOrPath) ? nameOrPath : path.join(OPERATORS_DIR, `${nameOrPath}.json`);
  if (!isMappingPath(nameOrPath) && !shippedMappings().includes(nameOrPath))
    throw new Error(`No operator mapping "${nameOrPath}": use one of ${shippedMappings().join(', ')}`);
  let text: string;
  try {
    text = readFileLimitedSync(file, 'json');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new Error(`Cannot read the operator mapping ${file}: ${e.code ?? e.message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new Error(`The operator mapping ${file} is not valid JSON: ${(err as Error).message}`);
  }
  return checkMapping(value, file);
}
