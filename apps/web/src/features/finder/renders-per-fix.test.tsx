import type { NearestResponse } from '@cng/shared/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { type ComponentType, memo, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../testing/i18n-wrapper';
import { useFinderMessages } from '../../testing/test-messages';
import { testStation } from '../../testing/test-station';

/**
 * Renders per component, counted by wrapping each module's component (the finder uses them unchanged). A memo
 * component is counted inside its memo, so a render that memo skips is not counted.
 */
const renders = new Map<string, number>();
type MemoLike<P> = { $$typeof: symbol; type: ComponentType<P>; compare: ((a: P, b: P) => boolean) | null };
function counted<P extends object>(name: string, Component: ComponentType<P>): ComponentType<P> {
  const asMemo = Component as unknown as MemoLike<P>;
  if (asMemo.$$typeof === Symbol.for('react.memo'))
    return memo(counted(name, asMemo.type), asMemo.compare ?? undefined) as unknown as ComponentType<P>;
  return (props: P) => {
    renders.set(name, (renders.get(name) ?? 0) + 1);
    return <Component {...props} />;
  };
}

vi.mock('./heads-up-panel', async (load) => {
  const m = await load<typeof import('./heads-up-panel')>();
  return { ...m, HeadsUpPanel: counted('HeadsUpPanel', m.HeadsUpPanel) };
});
vi.mock('./station-list', async (load) => {
  const m = await load<typeof import('./station-list')>();
  return { ...m, StationList: counted('StationList', m.StationList) };
});
vi.mock('./filters-bar', async (load) => {
  const m = await load<typeof import('./filters-bar')>();
  return { ...m, FiltersBar: counted('FiltersBar', m.FiltersBar) };
});
vi.mock('./location-banner', async (load) => {
  const m = await load<typeof import('./location-banner')>();
  return { ...m, LocationBanner: counted('LocationBanner', m.LocationBanner) };
});
vi.mock('../search/place-search', async (load) => {
  const m = await load<typeof import('../search/place-search')>();
  return { ...m, PlaceSearch: counted('PlaceSearch', m.PlaceSearch) };
});
vi.mock('../trip/trip-planner', async (load) => {
  const m = await load<typeof import('../trip/trip-planner')>();
  return { ...m, TripPlanner: counted('TripPlanner', m.TripPlanner) };
});
// Leaflet does not run in jsdom; the map is measured in the browser bench.
vi.mock('../map/finder-map', () => ({ default: () => null }));

let onFix: ((p: GeolocationPosition) => void) | null = null;
// A phone's GPS that the test moves, in place before the finder's modules load (they check for it once).
Object.defineProperty(navigator, 'geolocation', {
  configurable: true,
  value: {
    watchPosition: (success: (p: GeolocationPosition) => void) => {
      onFix = success;
      return 1;
    },
    clearWatch: () => undefined,
    getCurrentPosition: () => undefined,
  },
});
// Geolocation needs a secure context (https or localhost), which jsdom does not report.
Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
Object.defineProperty(navigator, 'permissions', {
  configurable: true,
  value: {
    query: async () => ({
      state: 'granted',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  },
});

const { default: Finder } = await import('./finder');

/** A real-looking answer around Bari: three stations, the list not full (so no refetch for small moves). */
function answer(lat: number, lon: number): NearestResponse {
  const stations = [
    testStation('a', 16.8719, 41.1271),
    testStation('b', 16.8819, 41.1071),
    testStation('c', 16.8519, 41.1371),
  ].map((s) => ({
    ...s,
    distanceKm: 1,
    bearingDeg: 0,
    status: { status: 'unknown', why: { kind: 'none' } },
  }));
  return {
    lon,
    lat,
    radiusKm: 1000,
    count: stations.length,
    stations,
    road: { status: 'unavailable', reason: 'not_configured' },
    coverage: null,
  } as unknown as NearestResponse;
}

const fixAt = (lat: number, lon: number, t: number) =>
  ({
    coords: { latitude: lat, longitude: lon, accuracy: 8, speed: null, heading: null },
    timestamp: t,
  }) as unknown as GeolocationPosition;

beforeAll(() => useFinderMessages());
beforeEach(() => {
  renders.clear();
  onFix = null;
  vi.stubGlobal('fetch', async (url: string) => {
    const u = new URL(url, 'http://localhost');
    const body =
      u.pathname === '/api/stations/nearest' ? answer(41.117, 16.8719) : { stations: [], clusters: [] };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MemoryRouter>
      <I18nWrapper>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </I18nWrapper>
    </MemoryRouter>
  );
}

describe('a GPS fix', () => {
  it('renders only the parts whose output it changes: the panel and the list, once each', async () => {
    render(<Finder />, { wrapper: Providers });
    await waitFor(() => expect(onFix).not.toBeNull());
    const start = Date.now();
    act(() => onFix!(fixAt(41.117, 16.8719, start)));
    await waitFor(() => expect(screen.getByTestId('hud-distance')).toBeTruthy());
    // The trip planner loads on its own, after the panel.
    await screen.findByTestId('trip');
    // Let the answer settle (effects, deferred values).
    await act(async () => {});

    // Driving on: fixes 20 m apart, a second apart, inside what the list already covers.
    for (let i = 1; i <= 3; i++) {
      renders.clear();
      const distance = screen.getByTestId('hud-distance').dataset.distanceKm;
      await act(async () => onFix!(fixAt(41.117 + (i * 20) / 111_195, 16.8719, start + i * 1000)));
      expect(screen.getByTestId('hud-distance').dataset.distanceKm).not.toBe(distance);
      expect(Object.fromEntries(renders)).toEqual({ HeadsUpPanel: 1, StationList: 1 });
    }
  });
});
