// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultNavigationApp, navigationChoices, navigationUrl } from './navigation-links';

describe('navigation hand-off', () => {
  it('puts lat,lon in every URL (the order those apps expect)', () => {
    for (const app of ['google', 'apple', 'osm', 'geo'] as const) {
      expect(navigationUrl(app, 16.925234, 41.102404, 'Albergo Petroli')).toContain('41.102404,16.925234');
    }
  });

  it('builds a geo: URI with a label', () => {
    expect(navigationUrl('geo', 9.19, 45.46, 'A & B')).toBe(
      'geo:45.460000,9.190000?q=45.460000,9.190000(A%20%26%20B)',
    );
  });

  it('picks the platform default and offers the others', () => {
    expect(defaultNavigationApp('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('apple');
    expect(defaultNavigationApp('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('google');
    expect(defaultNavigationApp('Mozilla/5.0 (X11; Linux x86_64)')).toBe('google');
    expect(navigationChoices('Android')).toEqual(['google', 'apple', 'osm', 'geo']);
    expect(navigationChoices('iPhone')).toEqual(['apple', 'google', 'osm', 'geo']);
  });
});
