import type { PublicReport, StatusSummary } from '@cng/shared/client';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale, loadMessages } from '../../i18n/i18n';
import { queryWrapper } from '../../testing/query-wrapper';
import { ArrivalPrompt } from './arrival-prompt';
import { ReportForm } from './report-form';
import { ReportTimeline } from './report-timeline';
import { StatusBadge } from './status-badge';
import { useStationEvents } from './use-station-events';

beforeAll(async () => {
  activateLocale('en');
  await loadMessages(['report']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const summary = (over: Partial<StatusSummary> = {}): StatusSummary => ({
  status: 'no_gas',
  confidence: 'high',
  queueMin: null,
  latestReportAt: '2026-09-01T11:52:00Z',
  reportCount: 3,
  official: false,
  explanation: '3 drivers, latest 8 min ago',
  why: { kind: 'drivers', drivers: 3, latestAt: '2026-09-01T11:52:00Z' },
  ...over,
});

describe('StatusBadge', () => {
  it('says the status in words with an icon and the reason, not by colour alone', () => {
    const latestAt = new Date(Date.now() - 8.5 * 60_000).toISOString();
    const { container } = render(
      <StatusBadge status={summary({ why: { kind: 'drivers', drivers: 3, latestAt } })} />,
    );
    expect(screen.getByText('No gas')).toBeTruthy();
    expect(screen.getByText('3 drivers, latest 8 min ago')).toBeTruthy();
    expect(container.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
  });

  it('marks an official status and shows the queue estimate', () => {
    render(<StatusBadge status={summary({ status: 'available', official: true, queueMin: 15 })} compact />);
    expect(screen.getByText('Official')).toBeTruthy();
    expect(screen.getByText('· queue ~15 min')).toBeTruthy();
    // Compact keeps the reason as the tooltip.
    expect(screen.getByText('Gas available').closest('[title]')?.getAttribute('title')).toMatch(/3 drivers/);
  });

  it('flags disagreement in words', () => {
    render(<StatusBadge status={summary({ confidence: 'mixed' })} />);
    expect(screen.getByText('(drivers disagree)')).toBeTruthy();
  });

  it('counts the age of the reason itself and moves it on every minute, instead of a frozen "just now"', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      vi.setSystemTime(Date.parse('2026-09-01T12:00:00Z'));
      const live = summary({ explanation: '3 drivers, latest just now' });
      render(<StatusBadge status={live} />);
      expect(screen.getByText('3 drivers, latest 8 min ago')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(2 * 60_000);
      });
      expect(screen.getByText('3 drivers, latest 10 min ago')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(60 * 60_000);
      });
      expect(screen.getByText('3 drivers, latest 1 hr ago')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the server’s words when it sent no reason (older servers)', () => {
    render(
      <StatusBadge
        status={summary({ why: undefined, explanation: 'Official: operator update 5 min ago' })}
      />,
    );
    expect(screen.getByText('Official: operator update 5 min ago')).toBeTruthy();
  });
});

describe('ArrivalPrompt', () => {
  const station = { id: 'it-9', name: 'Metano Roma', lon: 12.5, lat: 41.9 };

  it('asks "How is it here?" a minute after the last fix even when the standing phone sends no other', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      vi.setSystemTime(Date.parse('2026-09-01T12:00:00Z'));
      const fix = { lon: 12.5, lat: 41.9 + 30 / 111_195, timestampMs: Date.now(), speedMs: 0, accuracyM: 8 };
      render(<ArrivalPrompt fix={fix} stations={[station]} />);
      expect(screen.queryByText('How is it here?')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(59_000);
      });
      expect(screen.queryByText('How is it here?')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(1_000);
      });
      expect(screen.getByText('How is it here?')).toBeTruthy();
      expect(screen.getByRole('complementary', { name: 'How is it at Metano Roma?' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ReportForm beyond the report radius', () => {
  it('disables the buttons and says how near to come, sending nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    // 0.01° of latitude ≈ 1.1 km from the station.
    render(
      <ReportForm
        stationId="it-1"
        position={{ lon: 12.5, lat: 41.91 }}
        stationAt={{ lon: 12.5, lat: 41.9 }}
      />,
    );
    const button = screen.getByRole('button', { name: 'Gas available' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('report-too-far').textContent).toMatch(/Come within 500 m to report/);
    fireEvent.click(button);
    expect(fetchMock).not.toHaveBeenCalled();
  });
  it('keeps them enabled within the radius', () => {
    render(
      <ReportForm
        stationId="it-1"
        position={{ lon: 12.5, lat: 41.902 }}
        stationAt={{ lon: 12.5, lat: 41.9 }}
      />,
    );
    expect((screen.getByRole('button', { name: 'Gas available' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('report-too-far')).toBeNull();
  });
});

describe('ReportForm', () => {
  const setup = (answer: Response) => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer);
    vi.stubGlobal('fetch', fetchMock);
    render(
      <>
        <ToastContainer />
        <ReportForm
          stationId="it-1"
          stationName="Metano Roma"
          position={{ lon: 12.5, lat: 41.9, accuracyM: 8 }}
        />
      </>,
    );
    return fetchMock;
  };

  it('sends one tap with the queue, note and position, and confirms the 201', async () => {
    const fetchMock = setup(
      json(201, {
        report: { id: 7 },
        status: summary({
          status: 'available',
          explanation: '1 driver, just now',
          why: { kind: 'drivers', drivers: 1, latestAt: new Date().toISOString() },
        }),
      }),
    );
    fireEvent.change(screen.getByLabelText('Queue (minutes, optional)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText(/Note/), { target: { value: 'Two pumps open' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gas available' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Thanks! You reported/));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/stations/it-1/reports');
    expect(JSON.parse(String(init!.body))).toEqual({
      status: 'available',
      queueMin: 10,
      note: 'Two pumps open',
      position: { lon: 12.5, lat: 41.9, accuracyM: 8 },
    });
    expect(screen.getByRole('status').textContent).toContain('1 driver, now');
  });

  it('explains a 422 with the distance', async () => {
    setup(
      json(422, {
        error: 'Unprocessable Entity',
        message: 'far',
        distanceM: 1234,
        maxDistanceM: 500,
        details: [],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'No gas' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/1\.2 km from this station/));
  });

  it('explains a 429 with when to try again', async () => {
    const retryAt = new Date(Date.now() + 9 * 60_000).toISOString();
    setup(
      json(
        429,
        { error: 'Too Many Requests', message: 'x', retryAfterSec: 540, retryAt },
        { 'retry-after': '540' },
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/report it again at/));
  });
});

describe('ReportTimeline', () => {
  it('lists reports and renders a note with HTML as text', async () => {
    const reports: PublicReport[] = [
      {
        id: 2,
        stationId: 's',
        status: 'closed',
        queueMin: null,
        note: '<img src=x onerror=alert(1)>',
        createdAt: new Date().toISOString(),
        official: true,
        withPosition: false,
        validUntil: null,
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { stationId: 's', status: summary(), reports })),
    );
    const { container } = render(<ReportTimeline stationId="s" />, { wrapper: queryWrapper() });
    await waitFor(() => expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy());
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Official')).toBeTruthy();
    expect(screen.getByText('now')).toBeTruthy();
  });
});

/** A stand-in for the browser's EventSource (jsdom has none) that the test drives by hand. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, (e: MessageEvent) => void>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.closed = true;
  }
}

function EventsProbe({ ids }: { ids: string[] }) {
  const { statuses, seqs, connected } = useStationEvents(ids);
  return <output>{JSON.stringify({ statuses, seqs, connected })}</output>;
}

describe('useStationEvents', () => {
  it('fetches every followed status again after a reset, and bumps their sequences', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const fetchMock = vi.fn(async (_url: string) =>
      json(200, { statuses: { a: summary({ status: 'closed' }), b: summary({ status: 'available' }) } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<EventsProbe ids={['a', 'b']} />, { wrapper: queryWrapper() });
    // The page's one stream opens once the subscriptions made together are in.
    await act(async () => {});
    const source = FakeEventSource.last!;
    act(() =>
      source.listeners.get('reset')!(
        new MessageEvent('reset', {
          data: JSON.stringify({ seq: 5000, reason: 'more than 1000 stations changed' }),
        }),
      ),
    );
    await waitFor(() =>
      expect(JSON.parse(screen.getByRole('status').textContent!)).toMatchObject({
        seqs: { a: 5000, b: 5000 },
        statuses: { a: { status: 'closed' }, b: { status: 'available' } },
      }),
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/status?stations=a,b');
  });

  it('opens one stream for the sorted ids, applies status events and closes on unmount', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { unmount } = render(<EventsProbe ids={['b', 'a', 'b']} />, { wrapper: queryWrapper() });
    await act(async () => {});
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/events?stations=a,b');
    act(() => source.onopen?.());
    act(() =>
      source.listeners.get('status')!(
        new MessageEvent('status', { data: JSON.stringify({ stationId: 'a', seq: 41, status: summary() }) }),
      ),
    );
    const shown = JSON.parse(screen.getByRole('status').textContent!);
    expect(shown).toMatchObject({ connected: true, seqs: { a: 41 }, statuses: { a: { status: 'no_gas' } } });
    unmount();
    expect(source.closed).toBe(true);
  });
});
