/** Thrown for a string that is not a valid encoded polyline; `message` says what is wrong and where. */
export class PolylineError extends Error {
  override name = 'PolylineError';
}

/**
 * Decodes a Google encoded polyline (lat, lon pairs; precision 5 by default, 6 for OSRM's `polyline6`) into
 * `[lon, lat]` positions, strictly: unlike lenient decoders it rejects stray characters, a truncated last
 * value, an odd number of values and coordinates outside the WGS84 range, instead of returning garbage.
 */
export function decodePolyline(
  encoded: string,
  maxVertices = Number.POSITIVE_INFINITY,
  precision: 5 | 6 = 5,
): [number, number][] {
  const factor = 10 ** precision;
  const values: number[] = [];
  let shift = 0;
  let chunk = 0;
  for (let i = 0; i < encoded.length; i++) {
    const code = encoded.charCodeAt(i) - 63;
    if (code < 0 || code > 63) {
      throw new PolylineError(`character ${i + 1} (${JSON.stringify(encoded[i])}) is not polyline data`);
    }
    chunk |= (code & 0x1f) * 2 ** shift;
    shift += 5;
    // 7 groups of 5 bits already exceed any coordinate; more means the string is not a polyline.
    if (shift > 35) throw new PolylineError(`value ending at character ${i + 1} is too long`);
    if (code < 0x20) {
      values.push(chunk % 2 === 1 ? -(chunk + 1) / 2 : chunk / 2);
      shift = 0;
      chunk = 0;
      if (values.length > 2 * maxVertices) throw new PolylineError(`has more than ${maxVertices} points`);
    }
  }
  if (shift !== 0) throw new PolylineError('ends in the middle of a value (truncated)');
  if (values.length === 0 || values.length % 2 !== 0) {
    throw new PolylineError('must hold whole lat,lon pairs');
  }
  const points: [number, number][] = [];
  let lat = 0;
  let lon = 0;
  for (let v = 0; v < values.length; v += 2) {
    lat += values[v]!;
    lon += values[v + 1]!;
    const latDeg = lat / factor;
    const lonDeg = lon / factor;
    if (Math.abs(latDeg) > 90 || Math.abs(lonDeg) > 180) {
      throw new PolylineError(`point ${v / 2 + 1} (${latDeg}, ${lonDeg}) is outside the WGS84 range`);
    }
    points.push([lonDeg, latDeg]);
  }
  return points;
}
