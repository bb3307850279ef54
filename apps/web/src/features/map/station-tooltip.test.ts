// @vitest-environment jsdom
import { UNKNOWN_STATUS } from '@cng/shared/client';
import { describe, expect, it } from 'vitest';
import { stationTooltip } from './station-tooltip';

describe('stationTooltip', () => {
  it('shows markup in a station name as text, never as elements', () => {
    const name = '<img src=x onerror="alert(1)">Metano <b>Bari</b>';
    const el = stationTooltip({ name, status: UNKNOWN_STATUS }, Date.now());
    expect(el.children).toHaveLength(0);
    expect(el.textContent).toBe(`${name} – No recent reports`);
  });

  it('ages the status explanation to the time it is shown', () => {
    const status = {
      ...UNKNOWN_STATUS,
      status: 'available' as const,
      explanation: '1 driver, 1 min ago',
      why: { kind: 'drivers' as const, drivers: 1, latestAt: '2026-09-01T12:00:00Z' },
    };
    const el = stationTooltip({ name: 'CNG Adyar', status }, Date.parse('2026-09-01T12:08:30Z'));
    expect(el.textContent).toBe('CNG Adyar – 1 driver, 8 min ago');
  });
});
