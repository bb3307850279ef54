import { type Static, type TSchema, Type } from 'typebox';

/**
 * `T | null` as JSON Schema `type: [T, "null"]` rather than `anyOf`: Ajv validates both alike, but
 * fast-json-stringify serializes `anyOf` by validating each value at run time, which made station responses
 * slower than JSON.stringify (apps/api/bench). Falls back to anyOf for schemas without a single `type`.
 */
export function Nullable<T extends TSchema>(schema: T, options: Record<string, unknown> = {}) {
  const type = (schema as { type?: unknown }).type;
  if (typeof type !== 'string') return Type.Union([schema, Type.Null()], options);
  return Type.Unsafe<Static<T> | null>({ ...schema, ...options, type: [type, 'null'] });
}
