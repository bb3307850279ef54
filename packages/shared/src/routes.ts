import { splitLocalePath } from './locales';

/**
 * The client-side routes the server answers with HTTP 200 (spec section 2, plus the station deep link).
 * Any other non-API path is answered with the not-found page and HTTP 404.
 */
export const CONTENT_ROUTES = [
  '/',
  '/about',
  '/App',
  '/contact',
  '/terms-and-conditions',
  '/privacy-policy',
  '/pricing',
  '/cancellation-and-refund-policy',
  '/coverage',
] as const;
export type ContentRoute = (typeof CONTENT_ROUTES)[number];

/** Routes that render client-side only (no prerendered HTML), matched by pattern. */
export const DYNAMIC_ROUTE_PATTERNS: RegExp[] = [
  /^\/app\/?$/i,
  /^\/stations\/[A-Za-z0-9_-]{1,80}\/?$/,
  // The moderation screen (ADR 0014): answered with the app shell, never prerendered.
  /^\/moderate\/?$/,
];

/** True when the server should answer `path` (in any language: `/hi/App` too) with a page and HTTP 200. */
export function isKnownClientRoute(localizedPath: string): boolean {
  const { path } = splitLocalePath(localizedPath);
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (
    (CONTENT_ROUTES as readonly string[]).includes(clean) || DYNAMIC_ROUTE_PATTERNS.some((p) => p.test(path))
  );
}
