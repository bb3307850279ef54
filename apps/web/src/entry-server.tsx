import { type Locale, localeBasename, localePath } from '@cng/shared/locales';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
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
 * A first pass (prerender) waits for the lazy components inside the tree (e.g. the finder on /App); the second
 * (renderToString) then writes plain HTML: prerender's streaming output may move big Suspense content behind
 * inline scripts, which this site's Content Security Policy forbids.
 */
export async function render(url: string): Promise<string> {
  await enterLanguageOf(url);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(app(url), { onError: (error) => void errors.push(error) });
  for await (const _chunk of prelude);
  if (errors.length) throw new AggregateError(errors, `${url}: ${errors.map(String).join('; ')}`);
  const html = renderToString(app(url));
  // <!--$!--> or <!--$?--> marks a Suspense boundary that did not render on the server.
  if (/<!--\$[!?]-->/.test(html)) throw new Error(`${url}: part of the page suspended during prerendering`);
  return html;
}

/**
 * The SPA shell for client routes that have no prerendered page (/stations/:id): the site frame with a loading
 * line, so a shared station link never flashes the Home page while the JavaScript loads. The browser renders the
 * real page afresh over it (no data-route, so no hydration).
 */
export async function renderShell(locale: Locale): Promise<string> {
  await enterLanguageOf(localePath(locale, '/'));
  return renderToString(
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
  );
}
