import { ParamsContext, useLocation } from '../lib/router';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { matchRoute } from './routes';

/** The whole app under a router (BrowserRouter in the browser, StaticRouter when prerendering). */
export function AppRoutes() {
  const { pathname } = useLocation();
  const { route, params } = matchRoute(pathname);
  const Page = route.Component;
  // Keyed by path so that navigating away from a failed page renders the new page again.
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <RootLayout handle={route.handle}>
        <ParamsContext value={params}>
          <Page />
        </ParamsContext>
      </RootLayout>
    </RouteErrorBoundary>
  );
}
