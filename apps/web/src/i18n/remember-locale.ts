import { isLocale, LOCALE_COOKIE, type Locale } from '@cng/shared/locales';

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

/**
 * Remembers the language a driver picks in the header's language menu (language-picker.tsx). One listener on
 * the document, set up as the entry module starts, not a handler on each link: the prerendered menu is a list
 * of plain links that can be tapped on a slow connection while the page's own code and messages are still
 * loading and the page is not yet hydrated. Without the remembered choice, the server would answer that tap on an
 * English address with the browser's language again (ADR 0017). A tap before the entry module itself has run is
 * still not remembered (nothing of ours runs yet): the driver picks again once the page is ready.
 */
export function rememberPickedLocales(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('.language-picker a[hreflang]');
    const locale = link?.getAttribute('hreflang');
    if (isLocale(locale)) rememberLocale(locale);
  });
}
