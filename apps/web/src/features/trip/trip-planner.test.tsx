import type { TripResponse } from '@cng/shared/client';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../testing/i18n-wrapper';
import { queryWrapper } from '../../testing/query-wrapper';
import { useFinderMessages } from '../../testing/test-messages';
import { testStation } from '../../testing/test-station';
import { TripPlanner } from './trip-planner';
import { clearTrip, parseTrip, planTrip, tripStore } from './trip-store';

const pune = { lon: 73.8567, lat: 18.5204 };
const mumbai = { name: 'Mumbai', lon: 72.8777, lat: 19.076 };

const stop = (id: string, alongKm: number, detourKm: number, detourMin: number | null) => ({
  ...testStation(id, 73.5, 18.7, {
    status: {
      status: 'available',
      confidence: 'high',
      official: false,
      queueMin: null,
      explanation: '',
    } as never,
  }),
  alongKm,
  detourKm,
  detourMin,
});

const answer = (mode: TripResponse['mode']): TripResponse =>
  ({
    mode,
    road: mode === 'road' ? { status: 'ok' } : { status: 'unavailable', reason: 'not_configured' },
    detours: mode === 'road' ? { status: 'ok' } : { status: 'unavailable', reason: 'not_configured' },
    from: pune,
    to: mumbai,
    distanceKm: mode === 'road' ? 148.6 : 118.9,
    durationMin: mode === 'road' ? 171 : null,
    geometry: {
      type: 'LineString',
      coordinates: [
        [pune.lon, pune.lat],
        [mumbai.lon, mumbai.lat],
      ],
    },
    corridorKm: 2,
    toleranceKm: 0,
    count: 2,
    stations: [stop('near-start', 12.4, 0.3, mode === 'road' ? 2.4 : null), stop('on-the-way', 60.2, 1.1, 6)],
  }) as TripResponse;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show() {
  const Query = queryWrapper();
  return render(<TripPlanner hasPosition getPosition={() => pune} />, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <I18nWrapper>
        <Query>{children}</Query>
      </I18nWrapper>
    ),
  });
}

beforeAll(() => useFinderMessages());
beforeEach(() => clearTrip());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the trip planner', () => {
  it('lists the stations in the order the trip passes them, with the detour by road and the live status', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(answer('road')));
    vi.stubGlobal('fetch', fetchMock);
    planTrip(pune, mumbai);
    show();
    await waitFor(() => expect(screen.getAllByTestId('trip-stop')).toHaveLength(2));
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/trip?from=18.52040%2C73.85670&to=19.07600%2C72.87770',
    );
    expect(screen.getByTestId('trip-mode').textContent).toBe('By road: 149 km · 2 h 51 min');
    const stops = screen.getAllByTestId('trip-stop');
    expect(stops.map((s) => s.dataset.stationId)).toEqual(['near-start', 'on-the-way']);
    expect(stops[0]!.textContent).toContain('12.4 km from the start');
    expect(stops[0]!.textContent).toContain('+2 min detour');
    expect(stops[0]!.textContent).toContain('Gas available');
    // The answer is kept with the trip, for a reload and for offline.
    expect(tripStore.getState().trip?.answer?.stations).toHaveLength(2);
  });

  it('says so when the route is the straight line, and gives the distance off it instead of a detour', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(answer('straight_line'))),
    );
    planTrip(pune, mumbai);
    show();
    await waitFor(() => expect(screen.getAllByTestId('trip-stop')).toHaveLength(2));
    expect(screen.getByTestId('trip-mode').dataset.mode).toBe('straight_line');
    expect(screen.getByTestId('trip-mode').textContent).toContain('as the crow flies, not by road');
    expect(screen.getAllByTestId('trip-detour')[0]!.textContent).toBe('300 m off the line');
  });

  it('shows the last route, marked with its time, when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(answer('road'))),
    );
    planTrip(pune, mumbai);
    const first = show();
    await waitFor(() => expect(screen.getAllByTestId('trip-stop')).toHaveLength(2));
    first.unmount();
    // A reload, offline: the trip comes back from storage and the request fails.
    tripStore.setState(parseTrip(JSON.parse(JSON.stringify(tripStore.getState()))));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    show();
    await waitFor(() => expect(screen.getByTestId('offline-marker')).toBeTruthy());
    expect(screen.getAllByTestId('trip-stop')).toHaveLength(2);
  });
});

describe('a stored trip', () => {
  it('is read back, and anything damaged reads as no trip', () => {
    expect(parseTrip(null)).toEqual({ trip: null });
    expect(parseTrip({ trip: { from: { lon: 'x' }, to: mumbai } })).toEqual({ trip: null });
    expect(
      parseTrip({ trip: { from: pune, to: mumbai, answer: { stations: 'no' } } }).trip?.answer,
    ).toBeNull();
  });
});
