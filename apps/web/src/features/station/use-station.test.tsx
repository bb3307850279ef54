import type { StationSummary } from '@cng/shared/client';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryWrapper } from '../../testing/query-wrapper';
import { useFinderMessages } from '../../testing/test-messages';
import { AREA_KEY, saveStations } from './offline-stations';
import { useStation } from './use-station';

beforeAll(() => useFinderMessages());

/** A station row with the fields the hook passes through. */
function station(id: string, name = id): StationSummary {
  return { id, name, lon: 16.87, lat: 41.12, openNow: null, status: { status: 'unknown' } } as StationSummary;
}

const fetchMock = vi.fn();
let online = true;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  localStorage.clear();
});

describe('useStation', () => {
  it('asks the server once per id, however often the caller passes a new copy (one per GPS fix)', async () => {
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify(station('a', 'live')), { status: 200 }),
    );
    const { result, rerender } = renderHook(({ known }) => useStation('a', known), {
      initialProps: { known: station('a') },
      wrapper: queryWrapper(),
    });
    await waitFor(() => expect(result.current.origin).toBe('live'));
    // Six more fixes: the finder recomputes the distance and hands over a new object each time.
    for (let fix = 0; fix < 6; fix++) rerender({ known: { ...station('a'), lon: 16.87 + fix / 1000 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.station?.name).toBe('live');
  });

  it('asks again when the id changes', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      const id = url.split('/').pop() ?? '';
      return new Response(JSON.stringify(station(id)), { status: 200 });
    });
    const { result, rerender } = renderHook(({ id }) => useStation(id), {
      initialProps: { id: 'a' },
      wrapper: queryWrapper(),
    });
    await waitFor(() => expect(result.current.station?.id).toBe('a'));
    rerender({ id: 'b' });
    await waitFor(() => expect(result.current.station?.id).toBe('b'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('offline, falls back to the saved area for a station that is neither a favourite nor passed in', async () => {
    online = false;
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    saveStations(AREA_KEY, { lon: 16.87, lat: 41.12 }, [station('in-area', 'Saved in the area')]);
    const { result } = renderHook(() => useStation('in-area'), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.station?.name).toBe('Saved in the area');
    expect(result.current.origin).toBe('saved');
    expect(result.current.problemKind).toBe('offline');
  });

  it('offline and not saved: says it is not available offline, not that the station does not exist', async () => {
    online = false;
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useStation('nowhere'), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.station).toBeNull();
    expect(result.current.problemKind).toBe('offline');
    expect(result.current.problem).toMatch(/not saved on this device/);
  });

  it('online, a 404 means the station is gone', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'Unknown station' }), { status: 404 }),
    );
    const { result } = renderHook(() => useStation('gone'), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.problemKind).toBe('gone');
  });
});

describe('useStation and a stale answer', () => {
  it('cancels the request for an id the page no longer shows, and never shows its answer', async () => {
    const signals: AbortSignal[] = [];
    fetchMock.mockImplementation((url: string, init: RequestInit) => {
      signals.push(init.signal as AbortSignal);
      const id = url.split('/').pop() ?? '';
      // The first station's answer never comes on its own: only its cancellation ends it.
      if (id === 'slow')
        return new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      return Promise.resolve(new Response(JSON.stringify(station(id)), { status: 200 }));
    });
    const { result, rerender } = renderHook(({ id }) => useStation(id), {
      initialProps: { id: 'slow' },
      wrapper: queryWrapper(),
    });
    rerender({ id: 'fast' });
    await waitFor(() => expect(result.current.station?.id).toBe('fast'));
    expect(signals[0]?.aborted).toBe(true);
  });
});
