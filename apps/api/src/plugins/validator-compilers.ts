import AjvCompiler from '@fastify/ajv-compiler';

type BuildFromPool = ReturnType<typeof AjvCompiler>;
type Compile = ReturnType<BuildFromPool>;
/** What Fastify actually passes to a compiler (the ajv-compiler types name only the schema). */
type RouteSchemaDefinition = { schema: unknown; httpPart?: string };

/**
 * Fastify's validator factory (`schemaController.compilersFactory.buildValidator`) with one Ajv per kind of
 * input. Query strings and path parameters arrive as text, so they are coerced ("45" → 45); JSON bodies
 * already carry their types, so they are not — otherwise `[null, null]` would pass as the coordinates
 * `[0, 0]`, `true` as 1 and `["abc"]` as the string "abc". Both keep Fastify's other Ajv defaults.
 */
export function partAwareValidatorFactory(): BuildFromPool {
  const pool = AjvCompiler();
  return (externalSchemas, options) => {
    const customOptions = { ...options?.customOptions };
    const coercing = pool(externalSchemas, { ...options, customOptions } as typeof options);
    const strict = pool(externalSchemas, {
      ...options,
      customOptions: { ...customOptions, coerceTypes: false },
    } as typeof options);
    const compile = (route: RouteSchemaDefinition) =>
      route.httpPart === 'body' ? strict(route as never) : coercing(route as never);
    return compile as unknown as Compile;
  };
}
