import { DEFAULT_LOCALE, LOCALES, localePath } from '@cng/shared/locales';
import { createElement, useLayoutEffect, useMemo } from 'react';
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

/** Makes <head> say what `tags` say: each kind of tag once, language alternates only those listed. */
function applyHead(title: string, tags: HeadTag[]) {
  document.title = title;
  const head = document.head;
  for (const { tag, selector, attrs } of tags) {
    let el = head.querySelector(selector);
    if (!el) el = head.appendChild(document.createElement(tag));
    for (const [name, value] of Object.entries(attrs)) {
      if (el.getAttribute(name) !== value) el.setAttribute(name, value);
    }
  }
  const wanted = new Set(tags.map((t) => t.selector));
  for (const el of head.querySelectorAll('link[rel="alternate"][hreflang]')) {
    if (!wanted.has(`link[rel="alternate"][hreflang="${el.getAttribute('hreflang')}"]`)) el.remove();
  }
}

/**
 * The page's title and head tags. Prerendering writes them first in the page's markup, and the prerender moves
 * them into <head> (scripts/prerender.mjs); in the browser they are set on <head> itself, on every page change.
 * Preact (ADR 0020) does not hoist them as React 19 did.
 */
export function PageMeta({ title, description, path, alternates = false }: PageMetaProps) {
  const tags = useMemo(
    () => headTags({ title, description, path, alternates }),
    [title, description, path, alternates],
  );
  useLayoutEffect(() => applyHead(title, tags), [title, tags]);
  if (typeof document !== 'undefined') return null;
  return (
    <>
      <title>{title}</title>
      {tags.map(({ tag, selector, attrs }) => createElement(tag, { key: selector, ...attrs }))}
    </>
  );
}
