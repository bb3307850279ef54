import { type Locale, localeBasename, localePath } from '@cng/shared/locales';
import type { VNode } from 'preact';
import { renderToString, renderToStringAsync } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { AppRoutes } from './app/app-routes';
import { preloadRoute, routeOfAddress } from './app/routes';
import { SiteFooter } from './components/layout/site-footer';
import { SiteHeader } from './components/layout/site-header';
import { activateLocale, localeOfPath, t } from './i18n/i18n';
import { parsePath, StaticRouter } from './lib/router';

export { LOCALES, localePath } from '@cng/shared/locales';
export { pageRoutes } from './app/routes';
export { site } from './config/site';

const app = (url: string) => (
  <StrictMode>
    <StaticRouter location={url} basename={localeOfPath(url).basename}>
      <AppRoutes />
    </StaticRouter>
  </StrictMode>
);

/** Makes the language of `url` (`/hi/App`: Hindi) the active one, with its page's messages and code loaded. */
async function enterLanguageOf(url: string) {
  const { locale, basename } = localeOfPath(url);
  activateLocale(locale);
  await preloadRoute(routeOfAddress(parsePath(url).pathname, basename));
}

/**
 * Server-renders one URL for prerendering, with every code-split part loaded, so the HTML has the content.
 * The async renderer waits for any lazy component still inside the tree (e.g. the finder on /App) and writes the
 * finished HTML: no streamed fallbacks, no inline scripts (this site's Content Security Policy forbids them).
 */
export async function render(url: string): Promise<string> {
  await enterLanguageOf(url);
  return renderToStringAsync(asPreact(app(url)));
}

/** The React-typed tree as the Preact element it is at run time (react resolves to preact/compat, ADR 0020). */
const asPreact = (element: React.ReactElement) => element as unknown as VNode;

/**
 * The SPA shell for client routes that have no prerendered page (/stations/:id): the site frame with a loading
 * line, so a shared station link never flashes the Home page while the JavaScript loads. The browser renders the
 * real page afresh over it (no data-route, so no hydration).
 */
export async function renderShell(locale: Locale): Promise<string> {
  await enterLanguageOf(localePath(locale, '/'));
  return renderToString(
    asPreact(
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
      </StaticRouter>,
    ),
  );
}
