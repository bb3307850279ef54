import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './app-providers';
import { AppRoutes } from './app-routes';
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

describe('navigation', () => {
  it('marks the current page in the menu, opens a lazy page on a link, and shows 404 for an unknown one', async () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const home = nav.querySelector('a[href="/"]');
    expect(home?.getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getAllByRole('link', { name: 'Pricing' })[0]!);
    await waitFor(() =>
      expect(nav.querySelector('a[href="/pricing"]')?.getAttribute('aria-current')).toBe('page'),
    );
    expect(home?.getAttribute('aria-current')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: /terms/i }));
    expect(await screen.findByRole('heading', { level: 1, name: /terms/i })).toBeTruthy();
  });

  it('shows the not-found page, with the address asked for, on an unknown path', () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/no-such-page']}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/no-such-page').tagName).toBe('CODE');
  });
});
