import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badInput } from '../lib/http-errors';

/** A plain decimal number as people write it: 45, -9.5, .5, 1e3. Not 0x10, 0b1, 0o7, " 45" or "Infinity". */
export const DECIMAL_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

type PropertySchema = { type?: unknown };

/** The JSON type a query parameter's schema asks for, or null when it is not a plain single type. */
function typeOf(schema: PropertySchema | undefined): string | null {
  return typeof schema?.type === 'string' ? schema.type : null;
}

/**
 * Checks what Ajv's coercion would otherwise blur, before validation, against the route's query schema:
 * a number must be written in decimal (Ajv's `+value` would read `0x10` as 16), and a single-valued
 * parameter must come once (`lat=1&lat=2`, `lat[]=1`), answered with that rule instead of "is required".
 */
function checkQueryShape(request: FastifyRequest) {
  const schema = request.routeOptions.schema?.querystring as
    | { properties?: Record<string, PropertySchema> }
    | undefined;
  const properties = schema?.properties;
  const query = request.query as Record<string, unknown> | undefined;
  if (!query) return;
  if (!properties) {
    // An API route that takes no parameters refuses them too (the docs' own pages aside), rather than
    // ignoring what the client thinks it asked for.
    const extra = Object.keys(query)[0];
    const route = request.routeOptions.url ?? '';
    if (extra !== undefined && route.startsWith('/api/') && !route.startsWith('/api/docs')) {
      throw badInput(extra.replace(/\[.*$/, ''), 'is not allowed: this endpoint takes no query parameters');
    }
    return;
  }
  for (const [key, value] of Object.entries(query)) {
    // `lat[]=1` and `lat[0]=1` arrive as keys with brackets; name the parameter the client meant.
    const bracket = key.indexOf('[');
    const name = bracket > 0 ? key.slice(0, bracket) : key;
    const type = typeOf(properties[name]);
    if (type === null || type === 'array') continue;
    const noun =
      type === 'integer' || type === 'number' ? 'number' : type === 'boolean' ? 'true/false value' : 'value';
    if (bracket > 0 || Array.isArray(value)) {
      throw badInput(name, `must be a single ${noun}, given once (not a list)`);
    }
    if ((type === 'number' || type === 'integer') && typeof value === 'string' && value !== '') {
      if (!DECIMAL_NUMBER.test(value)) throw badInput(name, 'must be a decimal number, e.g. 45.46');
    }
  }
}

/** Refuses query parameters that only a coercing validator would accept; see checkQueryShape. */
export default fp(async function queryShape(app: FastifyInstance) {
  // A callback hook, not an async one: no promise per request for a check that never waits.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkQueryShape(request);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
});
