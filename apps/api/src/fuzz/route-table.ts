/** A JSON Schema as the OpenAPI document carries it (inline: the app's TypeBox schemas have no $id). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  [key: string]: unknown;
}

export interface RouteParam {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the OpenAPI document: what the fuzzer may send and what the answers must look like. */
export interface RouteSpec {
  method: 'GET' | 'POST';
  /** OpenAPI path, with `{id}` for a path parameter. */
  path: string;
  params: RouteParam[];
  body: JsonSchema | null;
  /** The JSON schema of each answer by status code, where the route declares one. */
  responses: Record<string, JsonSchema | undefined>;
  /** `bearerAuth` or `operatorAuth` when the route takes a bearer token. */
  auth: string | null;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  security?: Record<string, string[]>[];
}

/** Every operation of the app's own OpenAPI document (app.swagger()), so a new route is fuzzed without a list. */
export function routesOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): RouteSpec[] {
  const out: RouteSpec[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') continue;
      const responses: RouteSpec['responses'] = {};
      for (const [status, r] of Object.entries(op.responses ?? {}))
        responses[status] = r.content?.['application/json']?.schema;
      out.push({
        method: upper,
        path,
        params: (op.parameters ?? [])
          .filter((p) => p.in === 'query' || p.in === 'path')
          .map((p) => ({
            name: p.name,
            in: p.in as 'query' | 'path',
            required: p.in === 'path' || !!p.required,
            schema: p.schema,
          })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        responses,
        auth: op.security?.[0] ? (Object.keys(op.security[0])[0] ?? null) : null,
      });
    }
  }
  return out;
}
