/**
 * The driver's country as the browser suggests it, for ranking places in search (ADR 0011) when there is no
 * position: the time zone first (a phone bought abroad often keeps "en-US" but sets the clock right), then
 * the region of the preferred languages ("en-IN", "it-IT"). Null when neither says.
 */

/** Time zones of the countries with stations in our data, and their neighbours people search from. */
const ZONE_COUNTRY: Record<string, string> = {
  'Asia/Kolkata': 'IN',
  'Asia/Calcutta': 'IN',
  'Europe/Rome': 'IT',
  'Europe/Athens': 'GR',
  'America/Sao_Paulo': 'BR',
  'America/New_York': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Los_Angeles': 'US',
  'Asia/Karachi': 'PK',
  'Asia/Dhaka': 'BD',
  'Asia/Kathmandu': 'NP',
  'Europe/Bucharest': 'RO',
  'Europe/London': 'GB',
  'Europe/Berlin': 'DE',
  'Europe/Paris': 'FR',
  'Europe/Madrid': 'ES',
};

export function countryHint(timeZone: string | undefined, languages: readonly string[]): string | null {
  const byZone = timeZone ? ZONE_COUNTRY[timeZone] : undefined;
  if (byZone) return byZone;
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // A malformed language tag says nothing.
    }
  }
  return null;
}

/** countryHint for this browser. */
export function browserCountryHint(): string | null {
  if (typeof navigator === 'undefined') return null;
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    zone = undefined;
  }
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return countryHint(zone, languages.filter(Boolean));
}
