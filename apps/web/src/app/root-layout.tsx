import { Suspense } from 'react';
import { matchRoutes, Outlet, useLocation } from 'react-router';
import { ScrollToTopButton } from '../components/layout/scroll-to-top-button';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { ToastHost } from '../components/layout/toast-host';
import { PageMeta } from '../components/page-meta';
import { PwaPrompts } from '../pwa/pwa-prompts';
import { type PageHandle, routes } from './routes';
import { useScrollReset } from './use-scroll-reset';

/** The handle of the deepest matched route that has one. */
function usePageHandle(): PageHandle | undefined {
  const location = useLocation();
  const matches = matchRoutes(routes, location) ?? [];
  return [...matches].reverse().find((m) => (m.route.handle as PageHandle | undefined)?.title)?.route
    .handle as PageHandle | undefined;
}

/**
 * Brings a newly opened page to the top. It sits inside the page's Suspense boundary, so its effect runs when
 * the (lazy) page is in the document, not before: resetting while the old page or "Loading…" was still shown
 * left the new page a few pixels down on a loaded phone.
 */
function ScrollReset() {
  useScrollReset();
  return null;
}

/** The frame of every page: header, main content, footer, toasts (spec section 4) and scroll-to-top. */
export function RootLayout() {
  const handle = usePageHandle();
  const { pathname } = useLocation();
  return (
    <>
      {handle && <PageMeta title={handle.title} description={handle.description} path={pathname} />}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="container page-section page-loading">Loading…</p>}>
          <ScrollReset />
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollToTopButton />
      <ToastHost wanted={handle?.toasts === true} />
      <PwaPrompts />
    </>
  );
}
