import { isDeepStrictEqual } from 'node:util';
import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { Value } from 'typebox/value';

const validators = new WeakMap<TSchema, Validator>();

function validatorOf(schema: TSchema): Validator {
  let v = validators.get(schema);
  if (!v) {
    v = Compile(schema);
    validators.set(schema, v);
  }
  return v;
}

/** The JSON pointer of the first place where `a` and `b` differ, or null when they are the same. */
function firstDifference(a: unknown, b: unknown, at = ''): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return at || '/';
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${at}/${key}`,
    );
    if (found !== null) return found;
  }
  return at || '/';
}

/**
 * The first way `value` breaks `schema`, as "path: message", or null when it conforms. A field the schema
 * does not name counts too: Fastify's serializer drops it, so a hand-built answer must not carry it either.
 */
export function firstSchemaError(schema: TSchema, value: unknown): string | null {
  const validator = validatorOf(schema);
  if (!validator.Check(value)) {
    const [error] = validator.Errors(value);
    return error ? `${error.instancePath || '/'}: ${error.message}` : '/: does not match';
  }
  const cleaned = validator.Clean(Value.Clone(value));
  const extra = firstDifference(value, cleaned);
  return extra === null ? null : `${extra}: is a field the schema does not name`;
}

/**
 * Throws, failing the test, when `value` does not match `schema`: the message names `what` was checked, the
 * path of the first broken rule and the rule.
 */
export function expectMatchesSchema(schema: TSchema, value: unknown, what = 'the answer'): void {
  const error = firstSchemaError(schema, value);
  if (error !== null) throw new Error(`${what} does not match its schema at ${error}`);
}
