import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { AppRoutes } from './app/app-routes';
import type { LazyPage } from './app/lazy-page';
import { routes } from './app/routes';
import './styles/global.css';
import './styles/content.css';

/** Loads the lazy page modules of the current URL, so prerendered HTML hydrates without a flash. */
async function preloadMatchedPages() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(matches.map((m) => (m.route.Component as Partial<LazyPage> | undefined)?.preload?.()));
}

async function start() {
  const container = document.getElementById('root')!;
  // Hydrate only the page prerendered for this very address: index.html (the "/" page) is also the SPA shell
  // of other routes, and 404.html shows a path only the browser knows; those render afresh.
  const route = container.dataset.route;
  const prerendered = route !== undefined && route === (window.location.pathname.replace(/\/+$/, '') || '/');
  if (prerendered) await preloadMatchedPages();
  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
