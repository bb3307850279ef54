// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadMessages } from '../../i18n/i18n';
import { clusterDiameter, clusterLabel, clusterTitle, touchesCluster } from './cluster-icon';

describe('clusterTitle', () => {
  afterEach(() => activateLocale('en'));

  it('asks to zoom in, in the page language', async () => {
    await loadMessages(['finder'], 'en');
    activateLocale('en');
    expect(clusterTitle(1)).toBe('1 station: zoom in');
    expect(clusterTitle(12)).toBe('12 stations: zoom in');
    await loadMessages(['finder'], 'hi');
    activateLocale('hi');
    expect(clusterTitle(12)).toBe('12 स्टेशन: ज़ूम इन करें');
    await loadMessages(['finder'], 'it');
    activateLocale('it');
    expect(clusterTitle(12)).toBe('12 distributori: ingrandisci');
  });
});

describe('clusterLabel', () => {
  it('keeps counts under 1,000 exact', () => {
    expect(clusterLabel(2)).toBe('2');
    expect(clusterLabel(99)).toBe('99');
    expect(clusterLabel(842)).toBe('842');
    expect(clusterLabel(999)).toBe('999');
  });

  it('shortens larger counts to at most four characters, never rounding up', () => {
    expect(clusterLabel(1000)).toBe('1k');
    expect(clusterLabel(1299)).toBe('1.2k');
    expect(clusterLabel(9999)).toBe('9.9k');
    expect(clusterLabel(12_345)).toBe('12k');
    expect(clusterLabel(999_999)).toBe('999k');
    expect(clusterLabel(1_250_000)).toBe('1.2M');
    for (const n of [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000]) {
      expect(clusterLabel(n).length).toBeLessThanOrEqual(4);
    }
  });
});

describe('clusterDiameter', () => {
  it('grows with the label so the figure fits', () => {
    expect(clusterDiameter('7')).toBe(30);
    expect(clusterDiameter('42')).toBe(36);
    expect(clusterDiameter('842')).toBe(42);
    expect(clusterDiameter('1.2k')).toBe(48);
  });
});

describe('touchesCluster', () => {
  const clusters = [{ x: 100, y: 100, radius: 20 }];
  it('leaves out a dot whose ring would reach the circle', () => {
    expect(touchesCluster(100, 100, clusters)).toBe(true);
    expect(touchesCluster(129, 100, clusters)).toBe(true);
  });
  it('keeps a dot clear of every circle', () => {
    expect(touchesCluster(131, 100, clusters)).toBe(false);
    expect(touchesCluster(100, 100, [])).toBe(false);
  });
});
