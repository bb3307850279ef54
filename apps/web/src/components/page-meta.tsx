import { DEFAULT_LOCALE, LOCALES, localePath } from '@cng/shared/locales';
import { site } from '../config/site';
import { currentLocale, pagePath } from '../i18n/i18n';

interface PageMetaProps {
  title: string;
  description: string;
  /** The route without its language prefix (`/App`). */
  path: string;
  /** List the page's other languages (hreflang): content pages, which exist in every language. */
  alternates?: boolean;
}

/**
 * Document title, description, canonical URL, language alternates and Open Graph tags; React 19 hoists them
 * into <head>.
 */
export function PageMeta({ title, description, path, alternates = false }: PageMetaProps) {
  const url = new URL(pagePath(path), site.url).href;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {alternates &&
        LOCALES.map((locale) => (
          <link
            key={locale}
            rel="alternate"
            hrefLang={locale}
            href={new URL(localePath(locale, path), site.url).href}
          />
        ))}
      {alternates && (
        <link
          rel="alternate"
          hrefLang="x-default"
          href={new URL(localePath(DEFAULT_LOCALE, path), site.url).href}
        />
      )}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={new URL('/images/og-card.png', site.url).href} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content={currentLocale() === 'it' ? 'it_IT' : `${currentLocale()}_IN`} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
