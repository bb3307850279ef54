// @vitest-environment node
import type { StationSummary, StatusEvent, StatusSummary } from '@cng/shared/client';
import { describe, expect, it, vi } from 'vitest';
import { type StatusInterest, streamQuery } from '../station/status-hub';
import type { StatusStreamHandlers } from '../station/status-stream';
import { LiveMarkers } from './live-markers';

const status = (s: StatusSummary['status']): StatusSummary => ({
  status: s,
  confidence: 'medium',
  queueMin: null,
  latestReportAt: null,
  reportCount: 1,
  official: false,
  explanation: '1 driver, just now',
  why: { kind: 'drivers', drivers: 1, latestAt: '2026-09-01T11:59:00Z' },
});
const station = (id: string, s: StatusSummary['status'] = 'unknown') =>
  ({ id, name: id, lon: 12.5, lat: 41.9, status: status(s) }) as unknown as StationSummary;

/** A stand-in for the status hub that records the subscriptions made and lets the test push events. */
function fakeStreams() {
  const opened: { query: string | null; handlers: StatusStreamHandlers; closed: boolean }[] = [];
  const open = (interest: StatusInterest, handlers: StatusStreamHandlers) => {
    const s = { query: streamQuery([interest]), handlers, closed: false };
    opened.push(s);
    return () => {
      s.closed = true;
    };
  };
  return { opened, open };
}

const marker = () => ({ setStyle: vi.fn() });
const BOX: [number, number, number, number] = [12.4, 41.8, 12.6, 42.000000001];

describe('LiveMarkers', () => {
  it('follows the drawn box and recolours a marker, and what a click selects, when its status changes', () => {
    const { opened, open } = fakeStreams();
    const live = new LiveMarkers({ colourOf: (s) => `colour-of-${s}`, onReset: () => {}, subscribe: open });
    const a = marker();
    const b = marker();
    const current = live.track(station('a'), a);
    live.track(station('b'), b);
    live.follow(BOX);
    expect(opened.map((s) => s.query)).toEqual(['bbox=12.40000,41.80000,12.60000,42.00000']);
    const event: StatusEvent = { stationId: 'a', seq: 9, status: status('no_gas') };
    opened[0]!.handlers.onStatus(event);
    expect(a.setStyle).toHaveBeenCalledWith({ fillColor: 'colour-of-no_gas' });
    expect(b.setStyle).not.toHaveBeenCalled();
    expect(current().status.status).toBe('no_gas');
    // A station that is not drawn (a cluster, or the list's own marker) is ignored.
    opened[0]!.handlers.onStatus({ ...event, stationId: 'elsewhere', status: status('closed') });
    expect(a.setStyle).toHaveBeenCalledTimes(1);
    expect(b.setStyle).not.toHaveBeenCalled();
    expect(current().status.status).toBe('no_gas');
  });

  it('keeps one stream while the box stays, moves it with the box, and opens none without markers', () => {
    const { opened, open } = fakeStreams();
    const live = new LiveMarkers({ colourOf: () => 'x', onReset: () => {}, subscribe: open });
    live.follow(BOX);
    expect(opened).toHaveLength(0);
    live.track(station('a'), marker());
    live.follow(BOX);
    live.follow(BOX);
    expect(opened).toHaveLength(1);
    live.follow([0, 0, 1, 1]);
    expect(opened.map((s) => s.closed)).toEqual([true, false]);
    live.clear();
    live.follow([0, 0, 1, 1]);
    expect(opened.map((s) => s.closed)).toEqual([true, true]);
  });

  it('asks for the view to be loaded again on a reset', () => {
    const { opened, open } = fakeStreams();
    const onReset = vi.fn();
    const live = new LiveMarkers({ colourOf: () => 'x', onReset, subscribe: open });
    live.track(station('a'), marker());
    live.follow(BOX);
    opened[0]!.handlers.onReset({ seq: 7, reason: 'more than 1000 stations changed' });
    expect(onReset).toHaveBeenCalledTimes(1);
    live.close();
    expect(opened[0]!.closed).toBe(true);
  });
});
