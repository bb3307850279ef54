import {
  DEFAULT_LOCALE,
  INTL_LOCALE,
  type Locale,
  localeBasename,
  localePath,
  splitLocalePath,
} from '@cng/shared/locales';
import { i18n } from '@lingui/core';
import type { MessageId, Namespace } from './catalog-types';

export type { MessageId, Namespace } from './catalog-types';

/**
 * The site's messages (docs/decisions/0017-i18n.md): ICU catalogs per namespace and language, compiled at build
 * time (scripts/icu-messages.mjs) and loaded on demand, so a page fetches only its own language's strings.
 * The language is fixed for a page's life: it comes from the URL (`/hi/…`), and switching it loads the other
 * language's page.
 */
declare const __CATALOG_HASH__: string;

/** The built site fetches catalogs as files (scripts/icu-messages.ts); elsewhere they are imported. */
const FETCHED = import.meta.env.PROD && !import.meta.env.SSR;
const imported = FETCHED
  ? {}
  : import.meta.glob<Record<string, unknown>>('./messages/*/*.json', { import: 'default' });

async function readCatalog(namespace: Namespace, locale: Locale): Promise<Record<string, unknown>> {
  if (FETCHED) {
    const response = await fetch(`/assets/i18n/${namespace}.${locale}.${__CATALOG_HASH__}.json`);
    if (!response.ok)
      throw new Error(`the ${locale} ${namespace} messages did not load (HTTP ${response.status})`);
    return response.json();
  }
  const load = imported[`./messages/${namespace}/${locale}.json`];
  if (!load) throw new Error(`no ${locale} catalog for the ${namespace} messages`);
  return load();
}

const loaded = new Set<string>();

let activeLocale: Locale = DEFAULT_LOCALE;

/** Makes `locale` the page's language (Intl formats in its INTL_LOCALE tag). */
export function activateLocale(locale: Locale): void {
  activeLocale = locale;
  // Lingui warns when a language without messages is activated: its catalogs load right after.
  if (!i18n.messages || i18n.locale !== locale) i18n.load(locale, {});
  i18n.activate(locale, [INTL_LOCALE[locale]]);
}

/** Loads the namespaces' catalogs of the active language (each once); resolves when `t` can use them. */
export async function loadMessages(
  namespaces: readonly Namespace[],
  locale: Locale = activeLocale,
): Promise<void> {
  await Promise.all(
    namespaces.map(async (namespace) => {
      const key = `${namespace}.${locale}`;
      if (loaded.has(key)) return;
      i18n.load(locale, (await readCatalog(namespace, locale)) as Parameters<typeof i18n.load>[1]);
      loaded.add(key);
    }),
  );
}

const pending = new Map<string, Promise<void>>();

/**
 * Null when the namespaces of the active language are loaded, else the (shared) promise of their loading: for
 * components that suspend until a page's messages are in (React's `use`).
 */
export function messagesPending(namespaces: readonly Namespace[]): Promise<void> | null {
  const missing = namespaces.filter((ns) => !loaded.has(`${ns}.${activeLocale}`));
  if (missing.length === 0) return null;
  const key = `${activeLocale}:${missing.join(',')}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = loadMessages(missing).finally(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

/** The message `id` in the page's language, with its ICU placeholders filled from `values`. */
export function t(id: MessageId, values?: Record<string, unknown>): string {
  return i18n._(id, values);
}

/** The page's language. */
export const currentLocale = (): Locale => activeLocale;

/** The BCP 47 tag for Intl formatters of the page's language ('hi-IN', 'it-IT', 'en-IN'). */
export const intlLocale = (): string => INTL_LOCALE[activeLocale];

/** An unprefixed route (`/App`) in the page's language (`/hi/App`), for full-page links and canonical URLs. */
export const pagePath = (path: string): string => localePath(activeLocale, path);

/** The language and router basename of an address. */
export function localeOfPath(pathname: string): { locale: Locale; basename: string } {
  const { locale } = splitLocalePath(pathname);
  return { locale, basename: localeBasename(locale) };
}
