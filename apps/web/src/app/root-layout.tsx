import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { ScrollToTopButton } from '../components/layout/scroll-to-top-button';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { ToastHost } from '../components/layout/toast-host';
import { PageMeta } from '../components/page-meta';
import { ReportDelivery } from '../features/station/report-delivery';
import { t } from '../i18n/i18n';
import { PageMessages } from '../i18n/page-messages';
import { PwaPrompts } from '../pwa/pwa-prompts';
import { LiveMark } from './live-mark';
import { type PageHandle, pageRoutes } from './routes';
import { useScrollRestoration } from './use-scroll-restoration';

/** Content pages exist in every language: they list their translations (hreflang) for search engines. */
const isContentRoute = (pathname: string) =>
  pageRoutes.some((route) => route.path.toLowerCase() === pathname.toLowerCase().replace(/(.)\/+$/, '$1'));

/**
 * Puts a newly opened page at the top and a page returned to by back/forward where it was left. It sits inside
 * the page's Suspense boundary, so it runs once the (lazy) page is in the document.
 */
function ScrollRestoration() {
  useScrollRestoration();
  return null;
}

/**
 * The frame of every page: header, main content (the route's page, `children`), footer, toasts (spec section 4)
 * and scroll-to-top. `handle` is the matched route's: the location is already relative to the language's
 * basename (/hi), and routes are matched without it.
 */
export function RootLayout({ handle, children }: { handle: PageHandle; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <>
      <PageMeta
        title={t(handle.title)}
        description={t(handle.description)}
        path={pathname}
        alternates={isContentRoute(pathname)}
      />
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="container page-section page-loading">{t('common.loading')}</p>}>
          <PageMessages namespaces={handle.messages ?? []}>
            <ScrollRestoration />
            {children}
            <LiveMark />
          </PageMessages>
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollToTopButton />
      <ToastHost wanted={handle.toasts === true} />
      <div className="pwa-prompts">
        <PwaPrompts />
        <ReportDelivery />
      </div>
    </>
  );
}
