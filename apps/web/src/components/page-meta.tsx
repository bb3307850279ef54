import { DEFAULT_LOCALE, LOCALES, localePath } from '@cng/shared/locales';
import { createElement } from 'react';
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

/** One tag of <head> besides the title: `selector` finds the page's one tag of its kind. */
interface HeadTag {
  tag: 'meta' | 'link';
  selector: string;
  attrs: Record<string, string>;
}

const meta = (key: 'name' | 'property', value: string, content: string): HeadTag => ({
  tag: 'meta',
  selector: `meta[${key}="${value}"]`,
  attrs: { [key]: value, content },
});

const alternate = (hreflang: string, href: string): HeadTag => ({
  tag: 'link',
  selector: `link[rel="alternate"][hreflang="${hreflang}"]`,
  attrs: { rel: 'alternate', hreflang, href },
});

/** Description, canonical URL, language alternates and Open Graph tags of a page. */
export function headTags({ title, description, path, alternates = false }: PageMetaProps): HeadTag[] {
  const url = new URL(pagePath(path), site.url).href;
  const locale = currentLocale();
  return [
    meta('name', 'description', description),
    { tag: 'link', selector: 'link[rel="canonical"]', attrs: { rel: 'canonical', href: url } },
    ...(alternates
      ? [
          ...LOCALES.map((l) => alternate(l, new URL(localePath(l, path), site.url).href)),
          alternate('x-default', new URL(localePath(DEFAULT_LOCALE, path), site.url).href),
        ]
      : []),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:url', url),
    meta('property', 'og:image', new URL('/images/og-card.png', site.url).href),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:locale', locale === 'it' ? 'it_IT' : `${locale}_IN`),
    meta('name', 'twitter:card', 'summary_large_image'),
  ];
}

/**
 * The page's title and head tags. React 19 puts <title>, <meta> and <link> into <head> wherever they are
 * rendered: the prerender moves them there from the top of the page's markup (scripts/prerender.mjs), and in
 * the browser React keeps them in step with the page shown.
 */
export function PageMeta({ title, description, path, alternates = false }: PageMetaProps) {
  const tags = headTags({ title, description, path, alternates });
  return (
    <>
      <title>{title}</title>
      {tags.map(({ tag, selector, attrs }) => createElement(tag, { key: selector, ...attrs }))}
    </>
  );
}
