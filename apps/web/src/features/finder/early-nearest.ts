/**
 * The first distance before the app has started. On a cheap phone the finder's code takes seconds
 * to arrive and start; GPS does not. With the first fix of the early watch (early-location.ts), this asks the
 * API for the one nearest station of any kind and shows its distance and compass direction in a small strip
 * outside React's root (so hydration never sees it), updated on each later fix. The finder removes the strip
 * once it shows its own answer (dismissEarlyNearest). No arrow: without a heading it could point the wrong way.
 *
 * Its words come from the prerendered page itself (the placeholder's `data-early-nearest`, written by
 * app-page.tsx in the page's language), because the language's messages may not have loaded yet.
 *
 * It calls the API with a bare `fetch`, the one place outside lib/api-client: that client brings the i18n
 * runtime, one more file on a link where every request waits its turn, and this call has no failure to
 * report (without an answer the strip stays away and the finder speaks for itself).
 */
// The shared modules one by one, not the client barrel: this chunk runs before the app and carries only these.
import type { NearestResponse } from '@cng/shared/client';
import { bearingDeg, type Cardinal, cardinalOf, distanceKm } from '@cng/shared/geo';
import { STATION_API_LIMITS } from '@cng/shared/limits';
import { formatDistance } from '../../lib/format';

/** The strip's element id (early-location.ts removes it by this id). */
export const EARLY_NEAREST_ID = 'early-nearest';
/** Moved this far from where the nearest was asked, a different station may be nearest: ask again. */
export const EARLY_REFETCH_AFTER_KM = 0.3;

/** The strip's words in the page's language, as app-page.tsx writes them. */
export interface EarlyNearestTexts {
  /** The Intl locale of the page ('hi-IN'). */
  intl: string;
  /** "Nearest" */
  label: string;
  /** "Nearest we know": where the server says our list is thin here (ADR 0030). */
  labelKnown?: string;
  /** "{distance} {cardinal}" in the language's order. */
  towards: string;
  cardinals: Record<Cardinal, string>;
}

interface Target {
  lon: number;
  lat: number;
  /** Where the nearest was asked from. */
  from: { lon: number; lat: number };
  /** True where the server judged our list thin, or empty, around `from`. */
  incomplete: boolean;
}

let target: Target | null = null;
let asking = false;
let stopped = false;
let latest: GeolocationPosition | null = null;

function texts(): EarlyNearestTexts | null {
  const raw = document.querySelector<HTMLElement>('[data-early-nearest]')?.dataset.earlyNearest;
  if (!raw) return null;
  try {
    return JSON.parse(raw) as EarlyNearestTexts;
  } catch {
    return null;
  }
}

/** Shows (or updates) the strip for the driver at `fix`, towards the known nearest station. */
function render(fix: GeolocationPosition, to: Target, words: EarlyNearestTexts) {
  const { longitude: lon, latitude: lat } = fix.coords;
  const km = distanceKm(lon, lat, to.lon, to.lat);
  const cardinal = words.cardinals[cardinalOf(bearingDeg(lon, lat, to.lon, to.lat))];
  let strip = document.getElementById(EARLY_NEAREST_ID);
  if (!strip) {
    strip = document.createElement('aside');
    strip.id = EARLY_NEAREST_ID;
    strip.className = 'early-nearest';
    strip.setAttribute('role', 'status');
    strip.dataset.testid = 'early-nearest';
    document.body.append(strip);
  }
  const label = document.createElement('span');
  label.className = 'early-nearest__label';
  label.textContent = to.incomplete && words.labelKnown ? words.labelKnown : words.label;
  const line = document.createElement('span');
  // "{distance} {cardinal}" in the language's own order; text nodes only, never markup.
  for (const part of words.towards.split(/(\{distance\}|\{cardinal\})/)) {
    if (part === '{distance}') {
      const distance = document.createElement('strong');
      distance.className = 'early-nearest__distance';
      distance.dataset.testid = 'early-distance';
      distance.dataset.distanceKm = km.toFixed(4);
      distance.textContent = formatDistance(km, words.intl);
      line.append(distance);
    } else if (part === '{cardinal}') {
      line.append(cardinal);
    } else if (part) {
      line.append(part);
    }
  }
  strip.replaceChildren(label, ' ', line);
}

/** Asks for the nearest station from `fix`; shows it unless the finder has answered meanwhile. */
async function ask(fix: GeolocationPosition) {
  asking = true;
  const { longitude: lon, latitude: lat } = fix.coords;
  try {
    const query = new URLSearchParams({
      lat: lat.toFixed(6),
      lon: lon.toFixed(6),
      limit: '1',
      radiusKm: String(STATION_API_LIMITS.nearestMaxRadiusKm),
    });
    // Never from the HTTP cache: an old answer would pass for a live one.
    const res = await fetch(`/api/stations/nearest?${query}`, {
      cache: 'no-store',
      // Ahead of the finder's own code, which the page preloads at low priority meanwhile.
      priority: 'high',
      headers: { accept: 'application/json' },
    });
    if (!res.ok) return;
    const answer = (await res.json()) as NearestResponse;
    const station = answer.stations[0];
    // No station within reach, or no answer: the finder says so itself when it starts.
    if (!station || stopped) return;
    const level = answer.coverage?.level;
    target = {
      lon: station.lon,
      lat: station.lat,
      from: { lon, lat },
      incomplete: level === 'thin' || level === 'none',
    };
  } catch {
    return;
  } finally {
    asking = false;
  }
  const words = texts();
  if (words && latest && !stopped) render(latest, target, words);
}

/** A fix of the early watch: the first asks the API, later ones update the distance (or ask again). */
export function earlyNearestFix(fix: GeolocationPosition): void {
  if (stopped) return;
  latest = fix;
  const { longitude: lon, latitude: lat } = fix.coords;
  if (target && distanceKm(lon, lat, target.from.lon, target.from.lat) < EARLY_REFETCH_AFTER_KM) {
    const words = texts();
    if (words) render(fix, target, words);
    return;
  }
  if (!asking) void ask(fix);
}

/** The finder has its own answer (or the driver left /App): remove the strip and show no more. */
export function stopEarlyNearest(): void {
  stopped = true;
  document.getElementById(EARLY_NEAREST_ID)?.remove();
}
