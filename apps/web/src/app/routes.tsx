import type { ComponentType } from 'react';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { loadMessages, type MessageId, type Namespace } from '../i18n/i18n';
import { matchRoutes, type Params, stripBasename } from '../lib/router';
import { type LazyPage, lazyPage } from './lazy-page';

/** Per-route document title and meta description, read by RootLayout from the matched route's handle. */
export interface PageHandle {
  title: MessageId;
  description: MessageId;
  /** Message namespaces the page shows besides `common` (loaded before it renders). */
  messages?: readonly Namespace[];
  /** The page may show toasts: the (code-split) toast container is mounted once such a page is visited. */
  toasts?: boolean;
}

interface PageRoute extends PageHandle {
  path: string;
  /** Eager component (Home, so "/" paints with no extra request) or a lazy page (code split). */
  Component: ComponentType | LazyPage;
}

const AppPage = lazyPage(() => import('../features/finder/app-page'));
const StationPage = lazyPage(() => import('../features/finder/station-details-page'));
const ModerationPage = lazyPage(() => import('../features/moderation/moderation-page'));

/** The typed route table: spec section 2's routes (also the source of the prerendered pages and the sitemap). */
export const pageRoutes: PageRoute[] = [
  {
    path: '/',
    title: 'common.page.home.title',
    description: 'common.page.home.description',
    messages: ['home'],
    Component: HomePage,
  },
  {
    path: '/about',
    title: 'common.page.about.title',
    description: 'common.page.about.description',
    messages: ['about'],
    Component: lazyPage(() => import('../features/about/about-page')),
  },
  {
    // Routes match case-insensitively, so /app lands here too.
    path: '/App',
    title: 'common.page.app.title',
    description: 'common.page.app.description',
    messages: ['finder', 'report', 'voice', 'app'],
    Component: AppPage,
    toasts: true,
  },
  {
    path: '/contact',
    title: 'common.page.contact.title',
    description: 'common.page.contact.description',
    messages: ['contact'],
    Component: lazyPage(() => import('../features/contact/contact-page')),
    toasts: true,
  },
  {
    path: '/pricing',
    title: 'common.page.pricing.title',
    description: 'common.page.pricing.description',
    messages: ['pricing'],
    Component: lazyPage(() => import('../features/pricing/pricing-page')),
  },
  {
    path: '/terms-and-conditions',
    title: 'common.page.terms.title',
    description: 'common.page.terms.description',
    messages: ['policies'],
    Component: lazyPage(() => import('../features/policies/terms-page')),
  },
  {
    path: '/privacy-policy',
    title: 'common.page.privacy.title',
    description: 'common.page.privacy.description',
    messages: ['policies'],
    Component: lazyPage(() => import('../features/policies/privacy-page')),
  },
  {
    path: '/cancellation-and-refund-policy',
    title: 'common.page.refund.title',
    description: 'common.page.refund.description',
    messages: ['policies'],
    Component: lazyPage(() => import('../features/policies/refund-page')),
  },
];

export const NOT_FOUND_HANDLE: PageHandle = {
  title: 'common.page.notFound.title',
  description: 'common.page.notFound.description',
};

/** A route of the router: its path pattern, its page, and the handle RootLayout reads (title, messages…). */
export interface AppRoute {
  path: string;
  handle: PageHandle;
  /** Eager component or a lazy page (code split, preloaded before hydration and prerendering). */
  Component: ComponentType | LazyPage;
}

function toRoute({ path, Component, ...handle }: PageRoute): AppRoute {
  return { path, handle, Component };
}

/**
 * Every route, first match wins (the catch-all `*` last), rendered by AppRoutes inside RootLayout. Paths match
 * in any letter case and with trailing slashes (src/lib/router, ADR 0019).
 */
export const routes: AppRoute[] = [
  ...pageRoutes.map(toRoute),
  {
    path: '/stations/:stationId',
    handle: {
      title: 'common.page.station.title',
      description: 'common.page.station.description',
      messages: ['finder', 'report'],
      toasts: true,
    },
    Component: StationPage,
  },
  {
    // Not in pageRoutes: never prerendered, never in the sitemap, linked from nowhere.
    path: '/moderate',
    handle: {
      title: 'common.page.moderation.title',
      description: 'common.page.moderation.description',
    },
    Component: ModerationPage,
  },
  { path: '*', handle: NOT_FOUND_HANDLE, Component: NotFoundPage },
];

/** The route (and its parameters) of a route path (`/App`, already without the language prefix). */
export function matchRoute(pathname: string): { route: AppRoute; params: Params } {
  // `*` matches every path, so there always is one.
  return matchRoutes(routes, pathname) ?? { route: routes[routes.length - 1]!, params: {} };
}

/**
 * The route an address (`/hi/App`) opens under its language's basename (`/hi`), or null when the address is not
 * under it; what main.tsx and the prerender load (messages, page code) before they render.
 */
export function routeOfAddress(pathname: string, basename: string): AppRoute | null {
  const path = stripBasename(pathname, basename);
  return path === null ? null : matchRoute(path).route;
}

/** Loads what the route's page shows at once: its messages besides `common` and, for a lazy page, its code. */
export async function preloadRoute(route: AppRoute | null): Promise<void> {
  await Promise.all([
    loadMessages(['common', ...(route?.handle.messages ?? [])]),
    (route?.Component as Partial<LazyPage> | undefined)?.preload?.(),
  ]);
}
