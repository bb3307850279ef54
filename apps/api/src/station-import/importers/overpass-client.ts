import { readBody } from './read-input';
import type { FeedScope } from './station-record';

export const DEFAULT_OVERPASS_URL = 'https://overpass-api.de/api/interpreter';

/** What a live query covers: the whole world, one country (ISO 3166-1 alpha-2) or a box [w, s, e, n]. */
export type OverpassArea =
  | { kind: 'world' }
  | { kind: 'country'; code: string }
  | { kind: 'bbox'; bbox: [number, number, number, number] };

/** Parses the CLI spelling: `overpass:world`, `overpass:IN`, `overpass:bbox=w,s,e,n`; null if not one. */
export function parseOverpassTarget(arg: string): OverpassArea | null {
  const m = /^overpass:(.+)$/i.exec(arg);
  if (!m) return null;
  const v = m[1]!;
  if (/^world$/i.test(v)) return { kind: 'world' };
  if (/^[a-z]{2}$/i.test(v)) return { kind: 'country', code: v.toUpperCase() };
  const b = /^bbox=(.+)$/i.exec(v);
  const nums = b?.[1]?.split(',').map(Number);
  if (nums?.length === 4 && nums.every(Number.isFinite))
    return { kind: 'bbox', bbox: nums as [number, number, number, number] };
  throw new Error(
    `Cannot read "${arg}": use overpass:world, overpass:<ISO country code> or overpass:bbox=west,south,east,north`,
  );
}

/** The Overpass QL for every CNG fuel station in `area`, with centres for ways and relations. */
export function buildOverpassQuery(area: OverpassArea, timeoutS = 120): string {
  const filter = 'nwr["amenity"="fuel"]["fuel:cng"="yes"]';
  const head = `[out:json][timeout:${timeoutS}];`;
  if (area.kind === 'world') return `${head}${filter};out center tags;`;
  if (area.kind === 'country') {
    return `${head}area["ISO3166-1"="${area.code}"][admin_level=2]->.a;${filter}(area.a);out center tags;`;
  }
  const [w, s, e, n] = area.bbox;
  // Overpass boxes are (south, west, north, east).
  return `${head}${filter}(${s},${w},${n},${e});out center tags;`;
}

/** The deactivation scope of a live query: only what the query could have returned. */
export function scopeOfArea(area: OverpassArea): Omit<FeedScope, 'source'> {
  if (area.kind === 'world') return { countries: 'all' };
  if (area.kind === 'country') return { countries: [area.code] };
  return { countries: 'all', bbox: area.bbox };
}

/** POSTs the query to an Overpass endpoint and returns the JSON text; throws a message naming the endpoint. */
export async function fetchOverpass(
  url: string,
  area: OverpassArea,
  options: { timeoutMs?: number } = {},
): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 180_000;
  const query = buildOverpassQuery(area, Math.ceil(timeoutMs / 1000));
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'cng-navigator-importer/0.1',
      },
      body: new URLSearchParams({ data: query }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const why = e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (e.cause?.code ?? e.message);
    throw new Error(`Overpass query to ${url} failed: ${why}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`Overpass query to ${url} failed: HTTP ${res.status} ${res.statusText}`);
  }
  return await readBody(res, url, 'json');
}
