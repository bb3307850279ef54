import {
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  localeCookie,
  reachedByLanguageLink,
} from '@cng/shared/locales';
import { deviceStorage, tabStorage } from '../lib/storage';

/** Where redirectToPreferredLocale last sent this tab (sessionStorage). */
const REDIRECT_KEY = 'cng_lang_redirect';

/**
 * Remembers the driver's language (ADR 0017): the cookie tells the server which language an English address
 * opens in, localStorage tells this code when the service worker answers the page without asking the server.
 */
export function rememberLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
  document.cookie = localeCookie(locale, window.location.protocol === 'https:');
  // With storage off (private modes, full) the cookie is enough for the server.
  deviceStorage.setItem(LOCALE_COOKIE, locale);
}

/**
 * Remembers the language a driver picks in the header's language menu (language-picker.tsx). One listener on
 * the document, set up as the entry module starts, not a handler on each link: the prerendered menu is a list
 * of plain links that can be tapped on a slow connection while the page's own code and messages are still
 * loading and the page is not yet hydrated. Without the remembered choice, the server would answer that tap on an
 * English address with the browser's language again (ADR 0017). A tap before the entry module itself has run is
 * recognised by the page it lands on instead (reachedByLanguageLink: the server for English addresses, and
 * rememberLanguageLinkArrival as this page's code starts).
 */
export function rememberPickedLocales(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('.language-picker a[hreflang]');
    const locale = link?.getAttribute('hreflang');
    if (isLocale(locale)) rememberLocale(locale);
  });
}

/**
 * Remembers this page's language when the driver came to it by a link from a page of the site in another
 * language (reachedByLanguageLink): the language picker tapped before the page they left had run any of our
 * code. Returns whether it did, so the caller does not send the page elsewhere.
 */
export function rememberLanguageLinkArrival(locale: Locale): boolean {
  const { host, pathname } = window.location;
  if (!reachedByLanguageLink(document.referrer, host, pathname)) return false;
  // With storage off, a redirect of ours counts as a choice of the language it chose anyway.
  const redirected = tabStorage.getItem(REDIRECT_KEY) === pathname;
  tabStorage.removeItem(REDIRECT_KEY);
  if (redirected) return false;
  rememberLocale(locale);
  return true;
}

/** Notes that this tab is being sent to `pathname` in the preferred language, not by the driver's choice. */
export function markLocaleRedirect(pathname: string): void {
  tabStorage.setItem(REDIRECT_KEY, pathname);
}
