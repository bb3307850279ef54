import { describe, expect, it } from 'vitest';
import { matchRoute, NOT_FOUND_HANDLE, pageRoutes, routeOfAddress } from './routes';

const pathOf = (pathname: string) => matchRoute(pathname).route.path;

describe('the route table', () => {
  it('opens every content page at its own path, in any letter case and with a trailing slash', () => {
    for (const { path } of pageRoutes) {
      expect(pathOf(path)).toBe(path);
      expect(pathOf(path.toUpperCase())).toBe(path);
      if (path !== '/') expect(pathOf(`${path}/`)).toBe(path);
    }
    expect(pathOf('/app')).toBe('/App');
  });

  it('gives the station page its id, and anything else the not-found page', () => {
    expect(matchRoute('/stations/osm-n123')).toMatchObject({
      route: { path: '/stations/:stationId' },
      params: { stationId: 'osm-n123' },
    });
    expect(pathOf('/moderate')).toBe('/moderate');
    for (const unknown of ['/nope', '/App/extra', '/stations', '/about-us']) {
      expect(matchRoute(unknown).route.handle).toBe(NOT_FOUND_HANDLE);
    }
  });

  it('finds the route of an address under its language prefix (what hydration and prerendering preload)', () => {
    expect(routeOfAddress('/hi/', '/hi')?.path).toBe('/');
    expect(routeOfAddress('/hi', '/hi')?.path).toBe('/');
    expect(routeOfAddress('/ta/App/', '/ta')?.path).toBe('/App');
    expect(routeOfAddress('/App', '')?.path).toBe('/App');
    expect(routeOfAddress('/App', '/hi')).toBeNull();
  });
});
