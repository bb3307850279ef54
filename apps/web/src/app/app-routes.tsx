import { useLocation, useRoutes } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { matchRoute, routes } from './routes';

const pages = routes.map(({ path, Component }) => ({ path, element: <Component /> }));

/**
 * The whole app under a router (BrowserRouter in the browser, StaticRouter when prerendering): the matched page
 * inside the site's frame, which reads the page's handle (title, messages).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const page = useRoutes(pages);
  // Keyed by path so that navigating away from a failed page renders the new page again.
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <RootLayout handle={matchRoute(pathname).route.handle}>{page}</RootLayout>
    </RouteErrorBoundary>
  );
}
