/**
 * The languages the site is written in. English is the default and lives at the unprefixed URLs
 * (`/`, `/App`); every other language has its own prefix (`/hi/`, `/hi/App`). The order is the picker's order.
 */
export const LOCALES = ['en', 'hi', 'mr', 'gu', 'ta', 'kn', 'bn', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's own name for itself, as the picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  hi: 'हिन्दी',
  mr: 'मराठी',
  gu: 'ગુજરાતી',
  ta: 'தமிழ்',
  kn: 'ಕನ್ನಡ',
  bn: 'বাংলা',
  it: 'Italiano',
};

/**
 * The BCP 47 tag Intl formats with: the Indian languages as written in India (lakh/crore digit grouping; the
 * locale's default digits, which CLDR makes native for Marathi and Bengali), Italian as in Italy.
 */
export const INTL_LOCALE: Record<Locale, string> = {
  en: 'en-IN',
  hi: 'hi-IN',
  mr: 'mr-IN',
  gu: 'gu-IN',
  ta: 'ta-IN',
  kn: 'kn-IN',
  bn: 'bn-IN',
  it: 'it-IT',
};

/** The cookie (and storage key) that remembers a driver's chosen language. */
export const LOCALE_COOKIE = 'cng_lang';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Splits `/hi/App` into `{ locale: 'hi', path: '/App' }`; an unprefixed path is English. */
export function splitLocalePath(path: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(path);
  if (match && isLocale(match[1]) && match[1] !== DEFAULT_LOCALE) {
    return { locale: match[1], path: match[2] || '/' };
  }
  return { locale: DEFAULT_LOCALE, path };
}

/** The address of `path` (an unprefixed route such as `/App`) in `locale`: `/hi/App`, `/hi/` for Home. */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}/` : `/${locale}${path}`;
}

/** The router's basename of a locale: '' for English, '/hi' for Hindi. */
export const localeBasename = (locale: Locale): string => (locale === DEFAULT_LOCALE ? '' : `/${locale}`);

/**
 * The best supported language for a browser's preferences (navigator.languages or Accept-Language), or null
 * when none of them is supported. `hi-IN` matches `hi`; order (or q) decides, so `en-GB, hi` stays English.
 */
export function pickLocale(preferences: readonly string[]): Locale | null {
  for (const preference of preferences) {
    const base = preference.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/** The language tags of an Accept-Language header, best first (q=0 dropped), for pickLocale. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language remembered in a Cookie header (or `document.cookie`), or null when none (or not a language). */
export function localeFromCookie(cookieHeader: string | undefined): Locale | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.split('=');
    if (name?.trim() === LOCALE_COOKIE) {
      const locale = value?.trim();
      return isLocale(locale) ? locale : null;
    }
  }
  return null;
}

/** The WHATWG URL, a global in browsers and Node alike (this package declares no environment's types). */
declare const URL: new (url: string) => { protocol: string; host: string; pathname: string };

/** How long a chosen language is remembered, seconds. */
const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The cookie that remembers `locale` (a Set-Cookie value, or a `document.cookie` assignment). */
export function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Whether a page in the language of `pathname` was reached by a link from a page of this site (`host`) in
 * another language: only the language picker links across languages (every other link keeps the page's own),
 * so that is the driver choosing this page's language, even when none of our code ran on the page they left
 * (a tap on the prerendered menu while its code was still loading on 3G). `referrer` is the Referer header or
 * `document.referrer`; without one (typed, bookmarked, from another site) it says false.
 */
export function reachedByLanguageLink(referrer: string | undefined, host: string, pathname: string): boolean {
  if (!referrer) return false;
  let from: InstanceType<typeof URL>;
  let ours: InstanceType<typeof URL>;
  try {
    from = new URL(referrer);
    // The host as the referrer's scheme writes it: a Host header of `site:80` is `site` to an http URL.
    ours = new URL(`${from.protocol}//${host}`);
  } catch {
    return false;
  }
  return (
    from.host === ours.host && splitLocalePath(from.pathname).locale !== splitLocalePath(pathname).locale
  );
}
