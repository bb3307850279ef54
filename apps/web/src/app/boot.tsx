import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { activateLocale, localeOfPath } from '../i18n/i18n';
import { AppProviders } from './app-providers';
import { AppRoutes } from './app-routes';
import { whenLive } from './live-mark';
import { preloadRoute, routeOfAddress } from './routes';

/**
 * Starts the React app on `container`: hydrates the page prerendered for this address, else renders afresh.
 * Resolves once the page's content is the app's (it then answers taps itself).
 */
export async function boot(container: HTMLElement, prerendered: boolean): Promise<void> {
  const { pathname } = window.location;
  const { locale, basename } = localeOfPath(pathname);
  activateLocale(locale);
  document.documentElement.lang = locale;
  // The page's code and messages first, so the prerendered HTML hydrates without a flash. The page's language
  // comes from its address (`/hi/…`), and stays for the page's life.
  await preloadRoute(routeOfAddress(pathname, basename));
  const live = whenLive();
  const app = (
    <StrictMode>
      <AppProviders>
        <BrowserRouter basename={basename}>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  if (!prerendered) createRoot(container).render(app);
  else {
    // A transition: hydration yields to the browser between components, so a tap or a GPS fix that arrives
    // meanwhile is not held behind one long task on a slow phone.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  }
  await live;
}
