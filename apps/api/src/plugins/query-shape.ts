import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { badInput } from '../lib/http-errors';
import { withRouteHook } from './route-hooks';

/** A plain decimal number as people write it: 45, -9.5, .5, 1e3. Not 0x10, 0b1, 0o7, " 45" or "Infinity". */
export const DECIMAL_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

type PropertySchema = { type?: unknown };

/** The JSON type a query parameter's schema asks for, or null when it is not a plain single type. */
function typeOf(schema: PropertySchema | undefined): string | null {
  return typeof schema?.type === 'string' ? schema.type : null;
}

type ObjectSchema = { properties?: Record<string, PropertySchema> } | undefined;
const isNumeric = (type: string | null) => type === 'number' || type === 'integer';

/**
 * The check of one route, worked out once when the route is added, or null when it has nothing to check.
 * Before validation, against the route's schemas, it refuses what Ajv's coercion would otherwise blur:
 * - a query number must be written in decimal (Ajv's `+value` would read `0x10` as 16) and be finite
 *   (`1e400` passes as decimal and becomes Infinity, which then skips minimum and maximum);
 * - a single-valued query parameter must come once (`lat=1&lat=2`, `lat[]=1`), answered with that rule instead
 *   of "is required";
 * - an API route that takes no query parameters refuses them too (the docs' own pages aside), rather than
 *   ignoring what the client thinks it asked for;
 * - a numeric path parameter must be finite (`Infinity`, `1e400`).
 */
export function routeShapeCheck(
  url: string,
  querySchema: ObjectSchema,
  paramsSchema: ObjectSchema,
): ((request: FastifyRequest) => void) | null {
  const properties = querySchema?.properties;
  const queryTypes = properties
    ? new Map(Object.entries(properties).map(([name, schema]) => [name, typeOf(schema)]))
    : null;
  const refuseAnyQuery = !queryTypes && url.startsWith('/api/') && !url.startsWith('/api/docs');
  const numericParams = Object.entries(paramsSchema?.properties ?? {})
    .filter(([, schema]) => isNumeric(typeOf(schema)))
    .map(([name]) => name);
  if (!queryTypes && !refuseAnyQuery && numericParams.length === 0) return null;
  return (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && queryTypes) checkQuery(query, queryTypes);
    else if (query && refuseAnyQuery) {
      for (const extra in query)
        throw badInput(extra.replace(/\[.*$/, ''), 'is not allowed: this endpoint takes no query parameters');
    }
    if (numericParams.length === 0) return;
    const params = request.params as Record<string, unknown> | undefined;
    for (const name of numericParams) {
      const value = params?.[name];
      if (typeof value === 'string' && Math.abs(Number(value)) === Number.POSITIVE_INFINITY)
        throw badInput(name, 'must be a finite number');
    }
  };
}

function checkQuery(query: Record<string, unknown>, types: ReadonlyMap<string, string | null>) {
  for (const key in query) {
    const value = query[key];
    // `lat[]=1` and `lat[0]=1` arrive as keys with brackets; name the parameter the client meant.
    const bracket = key.indexOf('[');
    const name = bracket > 0 ? key.slice(0, bracket) : key;
    const type = types.get(name) ?? null;
    if (type === null || type === 'array') continue;
    const noun = isNumeric(type) ? 'number' : type === 'boolean' ? 'true/false value' : 'value';
    if (bracket > 0 || Array.isArray(value)) {
      throw badInput(name, `must be a single ${noun}, given once (not a list)`);
    }
    if (isNumeric(type) && typeof value === 'string' && value !== '') {
      if (!DECIMAL_NUMBER.test(value)) throw badInput(name, 'must be a decimal number, e.g. 45.46');
      if (!Number.isFinite(Number(value))) throw badInput(name, 'must be a finite number');
    }
  }
}

/**
 * Refuses query and path parameters that only a coercing validator would accept (see routeShapeCheck), as a
 * preValidation hook of each route that has something to check: pages and files get no hook at all, and no
 * request pays to look up its route's schema.
 */
export default fp(async function queryShape(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const check = routeShapeCheck(
      route.url,
      route.schema?.querystring as ObjectSchema,
      route.schema?.params as ObjectSchema,
    );
    if (!check) return;
    // A callback hook, not an async one: no promise per request for a check that never waits.
    const hook = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      try {
        check(request);
      } catch (err) {
        return done(err as Error);
      }
      done();
    };
    // First, before the route's own preValidation hooks, as when this was an app-wide hook.
    route.preValidation = withRouteHook(route.preValidation, hook, 'first');
  });
});
