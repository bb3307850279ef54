// @vitest-environment node
import type { StatusEvent, StatusSummary } from '@cng/shared/client';
import { describe, expect, it, vi } from 'vitest';
import { StatusHub, streamQuery } from './status-hub';
import type { StatusStreamHandlers } from './status-stream';

const summary = { status: 'no_gas' } as StatusSummary;

function fakeOpen() {
  const opened: { query: string; handlers: StatusStreamHandlers; closed: boolean }[] = [];
  const open = vi.fn((query: string, handlers: StatusStreamHandlers) => {
    const s = { query, handlers, closed: false };
    opened.push(s);
    return () => {
      s.closed = true;
    };
  });
  return { opened, open };
}

const flush = () => new Promise<void>((r) => queueMicrotask(r));

describe('the page’s one status subscription', () => {
  it('follows ids by id, and one box around every box and known station once a box is followed', () => {
    expect(streamQuery([{ ids: ['b', 'a'] }, { ids: ['a', 'c'] }])).toBe('stations=a,b,c');
    expect(
      streamQuery([{ ids: ['a'], points: [{ lon: 13, lat: 42.5 }] }, { box: [12.4, 41.8, 12.6, 42] }]),
    ).toBe('bbox=12.40000,41.80000,13.00000,42.50000');
    expect(streamQuery([])).toBeNull();
  });

  it('opens one stream for the list, the map and the details together, and hands every event to each', async () => {
    const { opened, open } = fakeOpen();
    const hub = new StatusHub(open);
    const list = { onStatus: vi.fn(), onReset: vi.fn() };
    const map = { onStatus: vi.fn(), onReset: vi.fn() };
    const details = { onStatus: vi.fn(), onReset: vi.fn() };
    hub.subscribe({ ids: ['a', 'b'], points: [{ lon: 12.5, lat: 41.9 }] }, list);
    const closeMap = hub.subscribe({ box: [12.4, 41.8, 12.6, 42] }, map);
    const closeDetails = hub.subscribe({ ids: ['z'] }, details);
    await flush();
    expect(opened).toHaveLength(1);
    expect(opened[0]!.query).toBe('bbox=12.40000,41.80000,12.60000,42.00000');
    const event: StatusEvent = { stationId: 'a', seq: 12, status: summary };
    opened[0]!.handlers.onStatus(event);
    for (const h of [list, map, details]) expect(h.onStatus).toHaveBeenCalledWith(event);
    // The map goes: back to ids, resuming after the last event seen; the details go too.
    closeMap();
    closeDetails();
    await flush();
    expect(opened.map((s) => [s.query, s.closed])).toEqual([
      ['bbox=12.40000,41.80000,12.60000,42.00000', true],
      ['stations=a,b&lastEventId=12', false],
    ]);
  });

  it('closes the stream as soon as nobody follows anything', async () => {
    const { opened, open } = fakeOpen();
    const hub = new StatusHub(open);
    const close = hub.subscribe({ ids: ['a'] }, { onStatus: () => {}, onReset: () => {} });
    await flush();
    close();
    expect(opened[0]!.closed).toBe(true);
    expect(hub.openQuery).toBeNull();
  });
});
