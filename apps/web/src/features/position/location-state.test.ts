// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { INITIAL_LOCATION, type LocationState, locationReducer, wantsWatch } from './location-state';
import type { Fix } from './motion';

const fix: Fix = { lon: 9.19, lat: 45.46, accuracyM: 12, timestampMs: 1, speedMs: null, headingDeg: null };
const run = (...events: Parameters<typeof locationReducer>[1][]) =>
  events.reduce<LocationState>(locationReducer, INITIAL_LOCATION);

describe('location flow', () => {
  it('waits for the driver before asking (idle), then requests and tracks', () => {
    expect(run().status).toBe('idle');
    expect(run({ type: 'start' }).status).toBe('requesting');
    const s = run({ type: 'start' }, { type: 'fix', fix });
    expect(s.status).toBe('tracking');
    expect(s.position).toEqual({ kind: 'gps', fix });
  });

  it('remembers an already granted permission so the finder can start by itself', () => {
    expect(run({ type: 'permission', state: 'granted' }).granted).toBe(true);
  });

  it('turns a denial into the search path', () => {
    expect(run({ type: 'start' }, { type: 'error', code: 'denied' }).status).toBe('denied');
    expect(wantsWatch('denied')).toBe(false);
  });

  it('keeps the last fix and keeps watching after a timeout or lost signal once tracking', () => {
    for (const code of ['timeout', 'unavailable'] as const) {
      const s = run({ type: 'start' }, { type: 'fix', fix }, { type: 'error', code });
      expect(s.status).toBe('tracking');
      expect(s.signalLost).toBe(true);
      expect(locationReducer(s, { type: 'fix', fix }).signalLost).toBe(false);
    }
    expect(run({ type: 'start' }, { type: 'error', code: 'timeout' }).status).toBe('timeout');
    expect(wantsWatch('timeout')).toBe(true);
  });

  it('pauses while hidden and resumes when visible', () => {
    const hidden = run({ type: 'start' }, { type: 'fix', fix }, { type: 'hidden' });
    expect(hidden.status).toBe('paused');
    expect(wantsWatch(hidden.status)).toBe(false);
    expect(locationReducer(hidden, { type: 'visible' }).status).toBe('tracking');
  });

  it('uses a chosen point after a denial and stays in the denied state', () => {
    const s = run(
      { type: 'start' },
      { type: 'error', code: 'denied' },
      { type: 'manual', lon: 16.9, lat: 41.1, label: 'Bari' },
    );
    expect(s.status).toBe('denied');
    expect(s.position).toEqual({ kind: 'manual', lon: 16.9, lat: 41.1, label: 'Bari' });
  });
});
