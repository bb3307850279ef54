import { type Locale, localeBasename, localePath } from '@cng/shared/locales';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/app-providers';
import { AppRoutes } from './app/app-routes';
import { preloadRoute, routeOfAddress } from './app/routes';
import { SiteFooter } from './components/layout/site-footer';
import { SiteHeader } from './components/layout/site-header';
import { activateLocale, localeOfPath, t } from './i18n/i18n';

export { LOCALES, localePath } from '@cng/shared/locales';
export { pageRoutes } from './app/routes';
export { site } from './config/site';

/** Makes the language of `url` (`/hi/App`: Hindi) the active one, with its page's messages and code loaded. */
async function enterLanguageOf(url: string) {
  const { locale, basename } = localeOfPath(url);
  activateLocale(locale);
  await preloadRoute(routeOfAddress(new URL(url, 'http://prerender.invalid').pathname, basename));
  return basename;
}

/**
 * The finished HTML of a tree: React's static prerender waits for every lazy part (the finder on /App) and writes
 * no streamed fallbacks and no inline scripts (this site's Content Security Policy forbids them).
 */
async function toHtml(tree: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(tree, {
    // An error inside a Suspense boundary would otherwise leave a client-render fallback and an inline script.
    onError: (error) => void errors.push(error),
    // React outlines a large boundary (Terms) for progressive reveal, with an inline script: keep it in place.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (errors.length) throw errors[0];
  return html;
}

/** Server-renders one URL for prerendering, with every code-split part loaded, so the HTML has the content. */
export async function render(url: string): Promise<string> {
  const basename = await enterLanguageOf(url);
  return toHtml(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={url} basename={basename}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
}

/**
 * The SPA shell for client routes that have no prerendered page (/stations/:id): the site frame with a loading
 * line, so a shared station link never flashes the Home page while the JavaScript loads. The browser renders the
 * real page afresh over it (no data-route, so no hydration).
 */
export async function renderShell(locale: Locale): Promise<string> {
  await enterLanguageOf(localePath(locale, '/'));
  return toHtml(
    <AppProviders>
      <StaticRouter location={localePath(locale, '/__shell')} basename={localeBasename(locale)}>
        <title>CNG Navigator</title>
        <a className="skip-link" href="#main">
          {t('common.skipToContent')}
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          <p className="container page-section page-loading" role="status">
            {t('common.loading')}
          </p>
        </main>
        <SiteFooter />
      </StaticRouter>
    </AppProviders>,
  );
}
