import type { ComponentType } from 'react';
import { matchRoutes, type Params } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { loadMessages, type MessageId, type Namespace } from '../i18n/i18n';
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

/** A route of the table: its path pattern, its page, and the handle RootLayout reads (title, messages…). */
export interface AppRoute {
  path: string;
  handle: PageHandle;
  /** Eager component (Home, so "/" paints with no extra request) or a lazy page (code split). */
  Component: ComponentType | LazyPage;
}

/** The typed route table: spec section 2's routes (also the source of the prerendered pages and the sitemap). */
export const pageRoutes: AppRoute[] = [
  {
    path: '/',
    handle: {
      title: 'common.page.home.title',
      description: 'common.page.home.description',
      messages: ['home'],
    },
    Component: HomePage,
  },
  {
    path: '/about',
    handle: {
      title: 'common.page.about.title',
      description: 'common.page.about.description',
      messages: ['about'],
    },
    Component: lazyPage(() => import('../features/about/about-page')),
  },
  {
    // Routes match in any letter case, so /app lands here too.
    path: '/App',
    handle: {
      title: 'common.page.app.title',
      description: 'common.page.app.description',
      messages: ['finder', 'report', 'voice', 'app'],
      toasts: true,
    },
    Component: lazyPage(() => import('../features/finder/app-page')),
  },
  {
    path: '/contact',
    handle: {
      title: 'common.page.contact.title',
      description: 'common.page.contact.description',
      messages: ['contact'],
      toasts: true,
    },
    Component: lazyPage(() => import('../features/contact/contact-page')),
  },
  {
    path: '/pricing',
    handle: {
      title: 'common.page.pricing.title',
      description: 'common.page.pricing.description',
      messages: ['pricing'],
    },
    Component: lazyPage(() => import('../features/pricing/pricing-page')),
  },
  {
    path: '/coverage',
    handle: {
      title: 'common.page.coverage.title',
      description: 'common.page.coverage.description',
      messages: ['coverage'],
    },
    Component: lazyPage(() => import('../features/coverage/coverage-page')),
  },
  {
    path: '/terms-and-conditions',
    handle: {
      title: 'common.page.terms.title',
      description: 'common.page.terms.description',
      messages: ['policies'],
    },
    Component: lazyPage(() => import('../features/policies/terms-page')),
  },
  {
    path: '/privacy-policy',
    handle: {
      title: 'common.page.privacy.title',
      description: 'common.page.privacy.description',
      messages: ['policies'],
    },
    Component: lazyPage(() => import('../features/policies/privacy-page')),
  },
  {
    path: '/cancellation-and-refund-policy',
    handle: {
      title: 'common.page.refund.title',
      description: 'common.page.refund.description',
      messages: ['policies'],
    },
    Component: lazyPage(() => import('../features/policies/refund-page')),
  },
];

export const NOT_FOUND_HANDLE: PageHandle = {
  title: 'common.page.notFound.title',
  description: 'common.page.notFound.description',
};

/**
 * Every route, the catch-all `*` last: the content pages, then the client-only ones (never prerendered, never in
 * the sitemap). React Router matches paths in any letter case and with trailing slashes; the language prefix
 * (`/hi`) is the router's basename, so routes are written without it.
 */
export const routes: AppRoute[] = [
  ...pageRoutes,
  {
    path: '/stations/:stationId',
    handle: {
      title: 'common.page.station.title',
      description: 'common.page.station.description',
      messages: ['finder', 'report'],
      toasts: true,
    },
    Component: lazyPage(() => import('../features/station/station-details-page')),
  },
  {
    // Linked from nowhere: the moderators' screen behind the admin token.
    path: '/moderate',
    handle: { title: 'common.page.moderation.title', description: 'common.page.moderation.description' },
    Component: lazyPage(() => import('../features/moderation/moderation-page')),
  },
  { path: '*', handle: NOT_FOUND_HANDLE, Component: NotFoundPage },
];

/** The route (and its parameters) of a route path (`/App`, already without the language prefix). */
export function matchRoute(pathname: string): { route: AppRoute; params: Params } {
  const match = matchRoutes(routes, pathname)?.[0];
  // `*` matches every path, so there always is one.
  return match ? { route: match.route, params: match.params } : { route: routes.at(-1)!, params: {} };
}

/**
 * The route an address (`/hi/App`) opens under its language's basename (`/hi`), or null when the address is not
 * under it: what main.tsx and the prerender load (messages, page code) before they render.
 */
export function routeOfAddress(pathname: string, basename: string): AppRoute | null {
  const match = matchRoutes(routes, pathname, basename)?.[0];
  return match ? match.route : null;
}

/** Loads what the route's page shows at once: its messages besides `common` and, for a lazy page, its code. */
export async function preloadRoute(route: AppRoute | null): Promise<void> {
  await Promise.all([
    loadMessages(['common', ...(route?.handle.messages ?? [])]),
    (route?.Component as Partial<LazyPage> | undefined)?.preload?.(),
  ]);
}
