/** The ten fields of a MIMIT station line. */
export interface MimitStationFields {
  id: string;
  operator: string;
  brand: string;
  kind: string;
  name: string;
  address: string;
  city: string;
  province: string;
  lat: string;
  lon: string;
}

const FIELD_COUNT = 10;
const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
/** A " | host.tld" suffix some station software appends to names: the vendor's site, not part of the name. */
const HOST_SUFFIX = /\s+\|\s+[a-z0-9-]+(\.[a-z0-9-]+)+\s*$/i;

/**
 * Splits one station line on `|`. About 1 line in 200 has a literal `|` inside a name, always written as
 * "NAME | host.tld"; those extra separators are glued back, so the last four fields (city, province, lat,
 * lon) stay in place. Returns null when the line cannot be repaired without guessing.
 */
export function splitMimitStationLine(line: string): MimitStationFields | null {
  const f = line.split('|');
  while (f.length > FIELD_COUNT) {
    // Only a separator inside the first six fields can be stray; the last four are fixed.
    let join = -1;
    for (let i = 1; i <= f.length - 6; i++) {
      const spaced = f[i]!.endsWith(' ') && f[i + 1]!.startsWith(' ');
      if (spaced && HOST.test(f[i + 1]!.trim())) {
        join = i;
        break;
      }
    }
    if (join < 0) return null;
    f.splice(join, 2, `${f[join]}|${f[join + 1]}`);
  }
  if (f.length !== FIELD_COUNT) return null;
  const clean = (s: string) => s.replace(HOST_SUFFIX, '').trim();
  return {
    id: f[0]!.trim(),
    operator: clean(f[1]!),
    brand: f[2]!.trim(),
    kind: f[3]!.trim(),
    name: clean(f[4]!),
    address: f[5]!.trim(),
    city: f[6]!.trim(),
    province: f[7]!.trim(),
    lat: f[8]!.trim(),
    lon: f[9]!.trim(),
  };
}
