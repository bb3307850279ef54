import polyline from '@mapbox/polyline';
import fc from 'fast-check';
import type { JsonSchema, RouteParam, RouteSpec } from './route-table';

/** What valid values are drawn from: the sample's stations, and the tokens the fuzz app was built with. */
export interface FuzzContext {
  stations: { id: string; lon: number; lat: number; name: string }[];
  adminToken: string;
  operatorToken: string;
}

/** Where a write claims to come from: nothing (curl), this site, or another site. */
export type OriginMode =
  | 'none'
  | 'same-fetch-site'
  | 'same-host'
  | 'cross-origin'
  | 'cross-fetch-site'
  | 'null';

export interface FuzzRequest {
  route: RouteSpec;
  /** The route's method, HEAD for a GET, or a method no route takes (PUT, DELETE, PATCH). */
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path and query string, already encoded (hostile encodings included). */
  url: string;
  headers: Record<string, string>;
  body: Buffer | null;
  origin: OriginMode;
  transport: 'inject' | 'socket';
  /** Short description of the body for a counterexample report. */
  bodyKind: string;
}

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\ufeff'];

/** Text a person should not be able to hide or reorder a name with, and text that breaks naive code. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t',
    'NaN',
    'Infinity',
    '-Infinity',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '0x10',
    '0b1',
    '1e400',
    '-1',
    '-0',
    '99999999999999999999999',
    '<script>alert(1)</script>',
    "'; DROP TABLE stations; --",
    '../../../etc/passwd',
    '%00',
    '\u0000',
    '\u001b[2J',
    '\u009b31m',
    '\u202egnp.exe',
    'I\u200bGL',
    '\u0406GL',
    '\ud83d\udd25\ud83d\udd25',
    '\ud800',
    'a'.repeat(10_000),
  ),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...BIDI, ...ZERO_WIDTH), fc.string({ maxLength: 8 }))
    .map(([a, c, b]) => `${a}${c}${b}`),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

/** JSON values of every kind, and numbers no field accepts. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    0.5,
    [],
    {},
    [[[]]],
    { __proto__: { polluted: true } },
    { constructor: { prototype: { polluted: true } } },
  ),
  fc.double(),
  fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
  fc.jsonValue({ maxDepth: 3 }),
);

function around(ctx: FuzzContext) {
  return fc
    .tuple(fc.constantFrom(...ctx.stations), fc.double({ min: -0.05, max: 0.05, noNaN: true }))
    .map(([s, d]) => ({ lon: round(s.lon + d), lat: round(s.lat - d), s }));
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** A value the schema accepts, made realistic where the name says what it is (ids from the sample, …). */
export function validValue(schema: JsonSchema, name: string, ctx: FuzzContext): fc.Arbitrary<unknown> {
  const ids = fc.constantFrom(...ctx.stations.map((s) => s.id));
  if (schema.type === 'string' && (name === 'id' || name === 'duplicateOf' || name === 'stationId'))
    return fc.oneof(
      { weight: 4, arbitrary: ids },
      { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/) },
    );
  if (schema.type === 'integer' && name === 'id') return fc.integer({ min: 1, max: 40 });
  if (name === 'stations') return fc.uniqueArray(ids, { minLength: 1, maxLength: 6 }).map((a) => a.join(','));
  if (name === 'bbox')
    return fc
      .tuple(around(ctx), fc.double({ min: 0.01, max: 3, noNaN: true }))
      .map(([p, d]) => [p.lon - d, p.lat - d, p.lon + d, p.lat + d].map(round).join(','));
  if (name === 'near') return around(ctx).map((p) => `${p.lat},${p.lon}`);
  if (name === 'q')
    return fc.oneof(
      fc.constantFrom(...ctx.stations.map((s) => s.name.slice(0, 20))),
      fc.constantFrom('Milano', 'Delhi', 'Roma', 'Pune', 'CNG', 'IGL', 'Eni'),
    );
  if (name === 'polyline')
    return fc
      .array(around(ctx), { minLength: 2, maxLength: 6 })
      .map((ps) => polyline.encode(ps.map((p) => [p.lat, p.lon])));
  if (name === 'coordinates')
    return fc.array(around(ctx), { minLength: 2, maxLength: 6 }).map((ps) => ps.map((p) => [p.lon, p.lat]));
  if (name === 'position')
    return fc
      .tuple(around(ctx), fc.option(fc.double({ min: 0, max: 500, noNaN: true }), { nil: undefined }))
      .map(([p, accuracyM]) => ({
        lon: p.lon,
        lat: p.lat,
        ...(accuracyM === undefined ? {} : { accuracyM }),
      }));
  if (schema.format === 'date-time')
    return fc
      .integer({ min: 60_000, max: 2 * 86_400_000 })
      .map((ms) => new Date(Date.now() + ms).toISOString());
  if (schema.format === 'email') return fc.emailAddress().filter((e) => e.length <= 254);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validValue(s, name, ctx)));
  switch (schema.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 1_000_000) });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1000,
        max: schema.maximum ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string': {
      const max = Math.min(schema.maxLength ?? 40, 40);
      const min = schema.minLength ?? 0;
      if (schema.pattern && schema.pattern !== '\\S')
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? 1e9));
      // Letters of the scripts drivers write in, and a space; at least one letter, as names need one.
      return fc
        .tuple(
          fc.constantFrom('CNG', 'Metano', 'सीएनजी', 'நிலையம்', 'Station'),
          fc.string({ maxLength: Math.max(0, max - 12) }),
        )
        .map(([word, rest]) => `${word} ${rest.replace(/[^\p{L}\p{N} ]/gu, '')}`.trim().slice(0, max))
        .filter((s) => s.length >= Math.max(min, 1));
    }
    case 'array':
      return fc.array(validValue(schema.items ?? {}, name, ctx), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const props = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, s] of Object.entries(props)) model[key] = validValue(s, key, ctx);
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A body that is valid, or valid but for one thing: a field replaced, a field added, a field left out. */
function objectBody(schema: JsonSchema, ctx: FuzzContext): fc.Arbitrary<{ value: unknown; kind: string }> {
  const keys = Object.keys(schema.properties ?? {});
  const base = validValue(schema, 'body', ctx) as fc.Arbitrary<Record<string, unknown>>;
  return fc.oneof(
    { weight: 5, arbitrary: base.map((value) => ({ value, kind: 'valid' })) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(base, fc.constantFrom(...keys), hostileJson)
        .map(([b, key, v]) => ({ value: { ...b, [key]: v }, kind: `hostile ${key}` })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.string({ minLength: 1, maxLength: 10 }), hostileJson)
        .filter(([, key]) => !keys.includes(key))
        .map(([b, key, v]) => ({ value: { ...b, [key]: v }, kind: 'unknown field' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom(...(schema.required?.length ? schema.required : keys)))
        .map(([b, key]) => {
          const { [key]: _dropped, ...rest } = b;
          return { value: rest, kind: `without ${key}` };
        }),
    },
  );
}

/** `[ … ]` or `{"a": …}` nested `depth` deep. */
function deepJson(depth: number, objects: boolean): string {
  return objects
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Raw body bytes and a content type, the hostile ones included. */
function bodyArb(
  route: RouteSpec,
  ctx: FuzzContext,
): fc.Arbitrary<{ body: Buffer | null; type: string | null; kind: string }> {
  const json = 'application/json';
  const wrapped = route.body
    ? objectBody(route.body, ctx).map(({ value, kind }) => ({
        body: Buffer.from(JSON.stringify(value)),
        type: json,
        kind,
      }))
    : fc.constant({ body: Buffer.from('{}'), type: json, kind: 'empty object' });
  const raw = fc.oneof(
    fc.constantFrom(
      { body: null, type: null, kind: 'no body' },
      { body: Buffer.alloc(0), type: json, kind: 'empty with JSON type' },
      { body: Buffer.from('null'), type: json, kind: 'null' },
      { body: Buffer.from('[]'), type: json, kind: 'array' },
      { body: Buffer.from('"text"'), type: json, kind: 'string' },
      { body: Buffer.from('{"a":'), type: json, kind: 'truncated JSON' },
      { body: Buffer.from('{"status":NaN}'), type: json, kind: 'NaN literal' },
      { body: Buffer.from('{"__proto__":{"x":1}}'), type: json, kind: '__proto__ key' },
      {
        body: Buffer.from([
          0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d,
        ]),
        type: json,
        kind: 'bad UTF-8',
      },
      {
        body: Buffer.from('name=x&status=available'),
        type: 'application/x-www-form-urlencoded',
        kind: 'form',
      },
      { body: Buffer.from('{"status":"available"}'), type: 'text/plain', kind: 'JSON as text/plain' },
      {
        body: Buffer.from('{"status":"available"}'),
        type: 'application/json; charset=iso-8859-1',
        kind: 'latin1 charset',
      },
      { body: Buffer.from('{"status":"available"}'), type: 'application/jsonx', kind: 'almost JSON type' },
      {
        body: Buffer.from('--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--x--'),
        type: 'multipart/form-data; boundary=x',
        kind: 'multipart',
      },
      { body: Buffer.from('{"status":"available"}'), type: null, kind: 'no content type' },
    ),
    fc.constantFrom(1000, 5000, 100_000).chain((depth) =>
      fc.boolean().map((objects) => ({
        body: Buffer.from(deepJson(depth, objects)),
        type: json,
        kind: `deep JSON ${depth}`,
      })),
    ),
    fc.constantFrom(
      { body: Buffer.from(JSON.stringify({ name: 'x'.repeat(1024 * 1024) })), type: json, kind: '1 MB body' },
      { body: Buffer.from(JSON.stringify({ note: 'x'.repeat(60 * 1024) })), type: json, kind: '60 kB body' },
    ),
  );
  return fc.oneof({ weight: 6, arbitrary: wrapped }, { weight: 2, arbitrary: raw }).map((b) => b);
}

/** One query or path value, encoded: valid, hostile, or a hostile encoding. */
function paramArb(p: RouteParam, ctx: FuzzContext): fc.Arbitrary<string[] | null> {
  const enc = (v: unknown) =>
    encodeURIComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'));
  const key = encodeURIComponent(p.name);
  const pair = (v: string) => (p.in === 'path' ? v : `${key}=${v}`);
  // A lone surrogate cannot be percent-encoded; it goes as the replacement character's bytes.
  const safeEnc = (v: unknown) => {
    try {
      return enc(v);
    } catch {
      return '%EF%BF%BD';
    }
  };
  const valid = validValue(p.schema, p.name, ctx).map((v) => [pair(safeEnc(v))]);
  const hostile = hostileText.map((v) => [pair(safeEnc(v))]);
  const encodings = fc.constantFrom<string[]>(
    [pair('%FF%FE')],
    [pair('%C0%AF')],
    [pair('%E0%A4%A')],
    [pair('%')],
    [pair('%00')],
    [pair('%E2%80%AE')],
  );
  const queryOnly =
    p.in === 'query'
      ? [
          validValue(p.schema, p.name, ctx).chain((a) =>
            validValue(p.schema, p.name, ctx).map((b) => [`${key}=${safeEnc(a)}`, `${key}=${safeEnc(b)}`]),
          ),
          fc.constant<string[]>([`${key}[]=1`]),
          fc.constant<string[]>([`${key}[a]=1`]),
          fc.constant<string[]>([key]),
        ]
      : [];
  const choices: fc.WeightedArbitrary<string[] | null>[] = [
    { weight: 8, arbitrary: valid },
    { weight: 2, arbitrary: hostile },
    { weight: 1, arbitrary: encodings },
    ...queryOnly.map((arbitrary) => ({ weight: 1, arbitrary })),
  ];
  if (!p.required || p.in === 'query')
    choices.push({ weight: p.required ? 1 : 4, arbitrary: fc.constant(null) });
  return fc.oneof(...choices);
}

/** A whole request for `route`: path, query, body, origin headers, token, transport. */
export function requestArb(route: RouteSpec, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const params = route.params.map((p) => paramArb(p, ctx));
  const extraQuery = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string[]>([]) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.stringMatching(/^[a-z]{1,8}$/), hostileText)
        .map(([k, v]) => [`${k}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}`]),
    },
  );
  const origin = fc.constantFrom<OriginMode>(
    'none',
    'same-fetch-site',
    'same-host',
    'cross-origin',
    'cross-fetch-site',
    'null',
  );
  const token = fc.constantFrom('right', 'wrong', 'none', 'malformed');
  // Headers the routes read besides the body: the device cookie, conditional requests, compression.
  const extraHeaders = fc.record(
    {
      cookie: fc.oneof(
        fc.constantFrom(
          'cng_device=s%3Anot-signed',
          'cng_device=',
          '=;;;=',
          `cng_device=${'x'.repeat(4000)}`,
        ),
        hostileText.map((v) => `cng_device=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}`),
      ),
      'if-none-match': fc.constantFrom('*', '"abc"', 'W/"1"', '""', 'garbage'),
      'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity;q=0', '*;q=0', 'zstd, x-garbage'),
    },
    { requiredKeys: [] },
  );
  const body =
    route.method === 'POST' ? bodyArb(route, ctx) : fc.constant({ body: null, type: null, kind: 'none' });
  // The event stream never ends: it goes over the socket, which can read the head and hang up.
  const transport =
    route.path === '/api/events'
      ? fc.constant('socket' as const)
      : fc.constantFrom<'inject' | 'socket'>('inject', 'inject', 'inject', 'socket');
  const method = fc.oneof(
    {
      weight: 12,
      arbitrary:
        route.method === 'GET'
          ? fc.constantFrom<FuzzRequest['method']>('GET', 'GET', 'GET', 'HEAD')
          : fc.constant<FuzzRequest['method']>('POST'),
    },
    { weight: 1, arbitrary: fc.constantFrom<FuzzRequest['method']>('PUT', 'DELETE', 'PATCH') },
  );
  return fc
    .record({
      values: fc.tuple(...params),
      extra: extraQuery,
      origin,
      token,
      body,
      transport,
      method,
      more: extraHeaders,
    })
    .map(({ values, extra, origin, token, body, transport, method, more }) => {
      let path = route.path;
      const query: string[] = [];
      route.params.forEach((p, i) => {
        const v = values[i];
        if (p.in === 'path') path = path.replace(`{${p.name}}`, v?.[0] ?? '');
        else if (v) query.push(...v);
      });
      query.push(...extra);
      const headers: Record<string, string> = { ...more };
      if (body.type) headers['content-type'] = body.type;
      if (route.auth) {
        const secret = route.auth === 'operatorAuth' ? ctx.operatorToken : ctx.adminToken;
        if (token === 'right') headers.authorization = `Bearer ${secret}`;
        else if (token === 'wrong') headers.authorization = `Bearer ${'w'.repeat(secret.length)}`;
        else if (token === 'malformed') headers.authorization = `Basic ${secret}`;
      }
      return {
        route,
        method,
        url: query.length ? `${path}?${query.join('&')}` : path,
        headers,
        body: body.body,
        origin,
        transport,
        bodyKind: body.kind,
      };
    });
}
