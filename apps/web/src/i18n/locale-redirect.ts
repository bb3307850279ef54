import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  type Locale,
  localeFromCookie,
  localePath,
  pickLocale,
  splitLocalePath,
} from '@cng/shared/locales';
import { isKnownClientRoute } from '@cng/shared/routes';
import { deviceStorage } from '../lib/storage';
import { markLocaleRedirect } from './remember-locale';

function rememberedLocale(): Locale | null {
  // With storage off, the cookie may still say.
  const stored = deviceStorage.getItem(LOCALE_COOKIE);
  return localeFromCookie(`${LOCALE_COOKIE}=${stored ?? ''}`) ?? localeFromCookie(document.cookie);
}

/**
 * The browser's side of the server's choice (apps/api/src/plugins/web-app.ts, ADR 0017) for when the service
 * worker answered an English address from its cache without asking the server: an English page opens in the
 * remembered language, else in the browser's best supported one. Prefixed pages never move (no loops).
 * Returns true when the page is being replaced.
 */
export function redirectToPreferredLocale(): boolean {
  const { pathname, search, hash } = window.location;
  if (splitLocalePath(pathname).locale !== DEFAULT_LOCALE || !isKnownClientRoute(pathname)) return false;
  const locale = rememberedLocale() ?? pickLocale(navigator.languages ?? [navigator.language]);
  if (!locale || locale === DEFAULT_LOCALE) return false;
  const target = localePath(locale, pathname);
  // The page it opens is not a language the driver picked (rememberLanguageLinkArrival).
  markLocaleRedirect(target);
  window.location.replace(`${target}${search}${hash}`);
  return true;
}
