import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { type LazyPage, lazyPage } from './lazy-page';
import { RootLayout } from './root-layout';

/** Per-route document title and meta description, read by RootLayout from the matched route's handle. */
export interface PageHandle {
  title: string;
  description: string;
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
    title: 'CNG Navigator – Find the nearest CNG station fast',
    description:
      'Find the nearest CNG pump station with live direction, speed and distance from your phone’s GPS.',
    Component: HomePage,
  },
  {
    path: '/about',
    title: 'About – CNG Navigator',
    description: 'Who we are and why we build the fastest way for CNG drivers to find fuel.',
    Component: lazyPage(() => import('../features/about/about-page')),
  },
  {
    // Routes match case-insensitively, so /app lands here too.
    path: '/App',
    title: 'Find a CNG station near you – CNG Navigator',
    description:
      'The nearest CNG stations from your GPS position, with direction, distance, speed, ETA and live status.',
    Component: AppPage,
    toasts: true,
  },
  {
    path: '/contact',
    title: 'Contact Us – CNG Navigator',
    description: 'Send your queries to the CNG Navigator team. We answer 24x7.',
    Component: lazyPage(() => import('../features/contact/contact-page')),
    toasts: true,
  },
  {
    path: '/pricing',
    title: 'Pricing – CNG Navigator',
    description: 'CNG Navigator plans: Basic (free), Monthly ₹10 and Yearly ₹120.',
    Component: lazyPage(() => import('../features/pricing/pricing-page')),
  },
  {
    path: '/terms-and-conditions',
    title: 'Terms and Conditions – CNG Navigator',
    description: 'The terms that govern the use of CNG Navigator.',
    Component: lazyPage(() => import('../features/policies/terms-page')),
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy – CNG Navigator',
    description: 'What CNG Navigator collects, why, and what it never stores.',
    Component: lazyPage(() => import('../features/policies/privacy-page')),
  },
  {
    path: '/cancellation-and-refund-policy',
    title: 'Return and Refund Policy – CNG Navigator',
    description: 'Cancellation and refund rules for CNG Navigator plans.',
    Component: lazyPage(() => import('../features/policies/refund-page')),
  },
];

export const NOT_FOUND_HANDLE: PageHandle = {
  title: 'Page not found – CNG Navigator',
  description: 'This page does not exist. Find a CNG station or go back home.',
};

function toRoute({ path, Component, ...handle }: PageRoute): RouteObject {
  return { path, handle, Component };
}

/**
 * Declarative routes (rendered with useRoutes): the data router would add ~17 KB gzip to every page for
 * loaders and actions this site does not use (docs/decisions/0006-prerendering.md).
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      ...pageRoutes.map(toRoute),
      {
        path: '/stations/:stationId',
        handle: {
          title: 'Station – CNG Navigator',
          description: 'CNG station details.',
          toasts: true,
        } satisfies PageHandle,
        Component: StationPage,
      },
      {
        // Not in pageRoutes: never prerendered, never in the sitemap, linked from nowhere.
        path: '/moderate',
        handle: { title: 'Moderation – CNG Navigator', description: 'Moderation.' } satisfies PageHandle,
        Component: ModerationPage,
      },
      { path: '*', handle: NOT_FOUND_HANDLE, Component: NotFoundPage },
    ],
  },
];
