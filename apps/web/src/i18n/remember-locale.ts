import { LOCALE_COOKIE, type Locale } from '@cng/shared/locales';

const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * Remembers the driver's language (ADR 0017): the cookie tells the server which language an English address
 * opens in, localStorage tells this code when the service worker answers the page without asking the server.
 */
export function rememberLocale(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
  try {
    localStorage.setItem(LOCALE_COOKIE, locale);
  } catch {
    // Storage can be off (private modes, full): the cookie is enough for the server.
  }
}
