import { site } from '../config/site';

/** Document title, description, canonical URL and Open Graph tags; React 19 hoists them into <head>. */
export function PageMeta({ title, description, path }: { title: string; description: string; path: string }) {
  const url = new URL(path, site.url).href;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={new URL('/images/og-card.png', site.url).href} />
      <meta property="og:site_name" content={site.name} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
