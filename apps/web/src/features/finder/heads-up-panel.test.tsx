import type { Coverage, NearestStation } from '@cng/shared/client';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../testing/i18n-wrapper';
import { useFinderMessages } from '../../testing/test-messages';
import { HeadsUpPanel, type HeadsUpPanelProps } from './heads-up-panel';

beforeAll(() => useFinderMessages());

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const station = {
  id: 'st_1',
  name: 'Metano Gentile',
  brand: null,
  lon: 16.9252,
  lat: 41.1024,
  distanceKm: 3,
  bearingDeg: 90,
  status: {
    status: 'unknown',
    confidence: 'unknown',
    official: false,
    queueMin: null,
    explanation: 'No recent reports',
  },
} as unknown as NearestStation;

function panel(over: Partial<HeadsUpPanelProps> = {}) {
  return render(
    <HeadsUpPanel
      station={station}
      isNearest
      speedKmh={60}
      courseDeg={90}
      heading={{ deg: 90, source: 'course' }}
      manualPosition={false}
      gps
      offline={null}
      onBackToNearest={() => undefined}
      onDetails={() => undefined}
      {...over}
    />,
    { wrapper: I18nWrapper },
  );
}

const thin: Coverage = {
  level: 'thin',
  basis: 'sparse-big-city',
  knownNearby: 1,
  nearbyKm: 25,
  area: null,
  bigCity: { name: 'Lucknow', population: 2_472_011, knownWithinKm: 1 },
  suppliers: [],
  officialIsLowerBound: true,
};

describe('the heads-up panel where our list is thin', () => {
  it('calls the station "Nearest we know", and keeps the arrow and the figures within reach', () => {
    panel({ coverage: thin });
    expect(screen.getByTestId('hud-station-name').textContent).toContain('Nearest we know');
    expect(screen.getByTestId('hud-distance').textContent).toBe('3.0 km');
    expect(screen.getByTestId('hud-eta')).toBeTruthy();
    cleanup();
    panel({ coverage: { ...thin, level: 'good' } });
    expect(screen.getByTestId('hud-station-name').textContent).toMatch(/^Nearest /);
    expect(screen.getByTestId('hud-station-name').textContent).not.toContain('we know');
  });

  it('beyond reach, says how far the nearest known station is and offers search and adding one, with no arrow', () => {
    const onSearch = vi.fn();
    const onAddStation = vi.fn();
    const far = { ...station, distanceKm: 108.4, bearingDeg: 225 } as NearestStation;
    panel({ station: far, coverage: { ...thin, level: 'none', knownNearby: 0 }, onSearch, onAddStation });
    expect(screen.getByTestId('hud-far').textContent).toContain(
      'The nearest station we know is 108 km away, to the SW.',
    );
    expect(screen.queryByTestId('hud-distance')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByTestId('hud-eta')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search a place' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a station' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onAddStation).toHaveBeenCalledTimes(1);
  });

  it('keeps the distance and the arrow for a filtered match that far: the filter chose it, not a gap', () => {
    const far = { ...station, distanceKm: 108.4, bearingDeg: 225 } as NearestStation;
    panel({ station: far, coverage: { ...thin, level: 'none', knownNearby: 0 }, filtered: true });
    expect(screen.getByTestId('hud-distance').textContent).toBe('108 km');
    expect(screen.queryByTestId('hud-far')).toBeNull();
  });
});

describe('road figures in the heads-up panel', () => {
  it('shows the drive by road where the routing server answered, and says "straight line" where not', () => {
    panel({ station: { ...station, road: { distanceKm: 9.44, durationMin: 14.2 } } as NearestStation });
    expect(screen.getByTestId('hud-road').textContent).toBe('9.4 km by road · 14 min');
    expect(screen.getByTestId('hud-distance').textContent).toBe('3.0 km');
    cleanup();
    panel({ station: { ...station, road: null } as NearestStation });
    expect(screen.getByTestId('hud-road').textContent).toBe('straight line');
    cleanup();
    panel();
    expect(screen.getByTestId('hud-road').textContent).toBe('straight line');
  });
});

describe('the heads-up panel', () => {
  it('shows the straight-line ETA from the closing speed, and none when driving away', () => {
    panel();
    expect(screen.getByTestId('hud-eta').textContent).toBe('ETA 3 min (straight-line)');
    cleanup();
    panel({ courseDeg: 270, heading: { deg: 270, source: 'course' } });
    expect(screen.getByTestId('hud-eta').textContent).toBe('Not getting closer — no ETA');
  });

  it('marks saved data with its time and labels the station "Nearest saved"', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const today = new Date();
    const dataAtMs = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 0, 5).getTime();
    panel({ offline: { dataAtMs, sure: true } });
    expect(screen.getByTestId('offline-marker').textContent).toBe('offline — data from 00:05');
    expect(screen.getByTestId('hud-station-name').textContent).toContain('Nearest saved');
    expect(screen.queryByTestId('hud-offline-warning')).toBeNull();
  });

  it('warns beyond the saved area that a nearer station may exist', () => {
    panel({ offline: { dataAtMs: Date.now(), sure: false } });
    expect(screen.getByTestId('hud-offline-warning').textContent).toMatch(/nearer one may exist/);
    // Online but the server did not answer: still marked, as "no connection".
    expect(screen.getByTestId('offline-marker').textContent).toMatch(/^no connection — data from \d\d:\d\d$/);
  });

  it('says "You picked this station" instead of "0 m · N 0°" when the chosen position is the station', () => {
    panel({
      station: { ...station, distanceKm: 0, bearingDeg: 0 },
      manualPosition: true,
      gps: false,
      speedKmh: null,
    });
    expect(screen.getByTestId('hud-picked').textContent).toMatch(/^You picked this station/);
    expect(screen.queryByTestId('hud-distance')).toBeNull();
    expect(screen.queryByTestId('hud-bearing')).toBeNull();
  });

  it('keeps the arrow and distance for a GPS position right at the station', () => {
    panel({ station: { ...station, distanceKm: 0.005 } });
    expect(screen.getByTestId('hud-distance').textContent).toBe('5 m');
  });
});

describe('the heads-up panel in other languages', () => {
  afterEach(() => useFinderMessages('en'));

  it('reads Hindi: direction, distance, speed, ETA and buttons', async () => {
    await useFinderMessages('hi');
    panel({ station: { ...station, distanceKm: 3.44 }, speedKmh: 52.4 });
    expect(screen.getByTestId('hud-distance').textContent).toBe('3.4 कि॰मी॰');
    expect(screen.getByTestId('hud-bearing').textContent).toBe('पूर्व · 90°');
    expect(screen.getByTestId('hud-speed').textContent).toBe('52किमी/घंटा');
    expect(screen.getByTestId('hud-eta').textContent).toBe('पहुँचने में 4 मिनट (सीधी दूरी से)');
    expect(screen.getByTestId('hud-heading-source').textContent).toBe('तीर आपके चलने की दिशा के हिसाब से है');
    expect(screen.getByTestId('hud-station-name').textContent).toContain('सबसे नज़दीकी');
    expect(screen.getByRole('link').textContent).toBe('रास्ता दिखाएँ Google Maps में');
    expect(screen.getByRole('button', { name: 'जानकारी' })).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('पंप पूर्व में है, उत्तर से 90 डिग्री');
  });

  it('writes Bengali figures in Bengali digits and says "behind you"', async () => {
    await useFinderMessages('bn');
    panel({
      station: { ...station, distanceKm: 12.34 },
      heading: { deg: 270, source: 'course' },
      speedKmh: 40,
    });
    expect(screen.getByTestId('hud-distance').textContent).toMatch(/^১২\.৩ /);
    expect(screen.getByTestId('hud-bearing').textContent).toBe('পূর্ব · ৯০°');
    expect(screen.getByTestId('hud-behind').textContent).toBe('আপনার পিছনে');
    expect(screen.getByTestId('hud-speed').textContent).toContain('৪০');
  });
});
