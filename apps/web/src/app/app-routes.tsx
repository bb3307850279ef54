import { useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './route-error-boundary';
import { routes } from './routes';

/** The whole app under a router (BrowserRouter in the browser, StaticRouter when prerendering). */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  // Keyed by path so that navigating away from a failed page renders the new page again.
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}
