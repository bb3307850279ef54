import { t } from '../../i18n/i18n';

/** Turn-by-turn apps the finder hands a destination to. */
export type NavigationApp = 'google' | 'apple' | 'osm' | 'geo';

/** The app's name as a driver reads it (the phone's own map app in the page's language). */
export function navigationLabel(app: NavigationApp): string {
  switch (app) {
    case 'google':
      return 'Google Maps';
    case 'apple':
      return 'Apple Maps';
    case 'osm':
      return 'OpenStreetMap';
    case 'geo':
      return t('finder.navigation.phoneApp');
  }
}

/** The URL that opens driving directions to `lon, lat` (degrees) in `app`; `label` names the place. */
export function navigationUrl(app: NavigationApp, lon: number, lat: number, label: string): string {
  const ll = `${lat.toFixed(6)},${lon.toFixed(6)}`;
  switch (app) {
    case 'google':
      return `https://www.google.com/maps/dir/?api=1&destination=${ll}&travelmode=driving`;
    case 'apple':
      return `https://maps.apple.com/?daddr=${ll}&dirflg=d&q=${encodeURIComponent(label)}`;
    case 'osm':
      return `https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=%3B${ll}#map=16/${ll.replace(',', '/')}`;
    case 'geo':
      // RFC 5870 geo URI; the q= label form is what Android's map apps read for a pin with a name.
      return `geo:${ll}?q=${ll}(${encodeURIComponent(label)})`;
  }
}

/**
 * The platform's usual navigation app for a user agent: Apple Maps on iOS/macOS, else Google Maps, whose
 * directions link opens the Google Maps app ready to drive on Android. A geo: URI only drops a pin (and may
 * ask which app), so it stays a choice for drivers with another map app, not the one-tap default.
 */
export function defaultNavigationApp(userAgent: string): NavigationApp {
  if (/iPhone|iPad|iPod|Macintosh/.test(userAgent)) return 'apple';
  return 'google';
}

/** Every app, the platform default first. */
export function navigationChoices(userAgent: string): NavigationApp[] {
  const first = defaultNavigationApp(userAgent);
  return [first, ...(['google', 'apple', 'osm', 'geo'] as const).filter((a) => a !== first)];
}
