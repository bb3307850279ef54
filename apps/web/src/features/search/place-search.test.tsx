import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryWrapper } from '../../testing/query-wrapper';
import { useFinderMessages } from '../../testing/test-messages';
import { PlaceSearch, placeStationsText } from './place-search';

beforeAll(() => useFinderMessages());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const place = (name: string, nearestStationKm: number | null) => ({
  name,
  adminCode: '16',
  countryCode: 'IN',
  lon: 72.88,
  lat: 19.07,
  population: 12_000_000,
  nearestStationKm,
  score: 10,
});

describe('place hits', () => {
  it('say how far the nearest station is, or that there is none near', () => {
    expect(placeStationsText({ nearestStationKm: 2.1 })).toBe('nearest station 2.1 km');
    expect(placeStationsText({ nearestStationKm: null })).toBe('no CNG station in our data');
    expect(placeStationsText({ nearestStationKm: 180 })).toBe('no CNG station near it (nearest 180 km)');
  });

  it('are listed above station hits, and picking one hands over the place', async () => {
    const body = {
      count: 1,
      results: [{ id: 'st_1', name: 'Mumbai CNG', lon: 72.9, lat: 19.1, city: 'Mumbai', countryCode: 'IN' }],
      places: [place('Mumbai', 2.1)],
      attribution: 'Places: GeoNames',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
    );
    const onPickPlace = vi.fn();
    render(<PlaceSearch getNear={() => null} onPickStation={() => {}} onPickPlace={onPickPlace} />, {
      wrapper: queryWrapper(),
    });
    fireEvent.change(screen.getByLabelText('Search a city, area or station'), {
      target: { value: 'mumbai' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Places found' })).toBeTruthy());
    const lists = screen.getAllByRole('list').map((l) => l.getAttribute('aria-label'));
    expect(lists).toEqual(['Places found', 'Stations found']);
    const hit = within(screen.getByRole('list', { name: 'Places found' })).getByRole('button');
    expect(hit.textContent).toBe('Mumbai, IN — nearest station 2.1 km');
    fireEvent.click(hit);
    expect(onPickPlace).toHaveBeenCalledWith(body.places[0]);
  });

  it('work with a server that sends no places (the field is optional)', async () => {
    const body = { count: 0, results: [] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
    );
    render(<PlaceSearch getNear={() => null} onPickStation={() => {}} onPickPlace={() => {}} />, {
      wrapper: queryWrapper(),
    });
    fireEvent.change(screen.getByLabelText('Search a city, area or station'), { target: { value: 'zzz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByText(/Nothing matches/)).toBeTruthy());
  });

  it('tell stations of one name apart by address, town, state and direction', async () => {
    const hit = (id: string, region: string, bearingDeg: number) => ({
      id,
      name: 'IGL',
      lon: 77.2,
      lat: 28.6,
      address: null,
      city: null,
      region,
      countryCode: 'IN',
      distanceKm: 4.7,
      bearingDeg,
      score: 1,
    });
    const body = { count: 2, results: [hit('st_1', 'Delhi', 10), hit('st_2', 'Haryana', 200)] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
    );
    render(
      <PlaceSearch
        getNear={() => ({ lon: 77.2, lat: 28.6 })}
        onPickStation={() => {}}
        onPickPlace={() => {}}
      />,
      {
        wrapper: queryWrapper(),
      },
    );
    fireEvent.change(screen.getByLabelText('Search a city, area or station'), { target: { value: 'igl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const list = await screen.findByRole('list', { name: 'Stations found' });
    const texts = within(list)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(texts).toEqual(['IGLDelhi, IN4.7 km N away', 'IGLHaryana, IN4.7 km S away']);
  });
});

describe('a search asked while another is on its way', () => {
  it('cancels the earlier request, and only the newer query is answered on screen', async () => {
    const signals: Record<string, AbortSignal> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
        signals[q] = init.signal as AbortSignal;
        // "pune" is slow: it has not answered when the driver asks for "nashik", and ends only if cancelled.
        if (q === 'pune')
          return new Promise((_, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          });
        return Promise.resolve(
          new Response(JSON.stringify({ count: 0, results: [], places: [place('Nashik', 3)] }), {
            status: 200,
          }),
        );
      }),
    );
    render(<PlaceSearch getNear={() => null} onPickStation={() => {}} onPickPlace={() => {}} />, {
      wrapper: queryWrapper(),
    });
    const box = screen.getByLabelText('Search a city, area or station');
    fireEvent.change(box, { target: { value: 'pune' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.change(box, { target: { value: 'nashik' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(screen.getByTestId('search-answer-for').textContent).toMatch(/nashik/));
    expect(signals.pune?.aborted).toBe(true);
    expect(screen.queryByText(/Pune/)).toBeNull();
  });
});
