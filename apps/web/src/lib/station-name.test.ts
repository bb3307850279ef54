import type { NameParts } from '@cng/shared/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, loadMessages } from '../i18n/i18n';
import { shownName } from './station-name';

const fromPlace: NameParts = {
  kind: 'place',
  label: 'HPCL',
  place: 'Tambaram',
  distanceKm: 2.4,
  cardinal: 'NE',
};

beforeAll(async () => {
  for (const locale of ['en', 'hi', 'bn', 'it'] as const) await loadMessages(['finder'], locale);
});

afterEach(() => activateLocale('en'));

describe('station names on the page', () => {
  it('word a made name from its parts, in English as the server does', () => {
    activateLocale('en');
    expect(shownName({ name: 'Hp', displayName: 'HPCL · 2.4 km NE of Tambaram', nameParts: fromPlace })).toBe(
      'HPCL · 2.4 km NE of Tambaram',
    );
    expect(shownName({ name: 'Hp', nameParts: { kind: 'street', label: 'HPCL', street: 'GST Road' } })).toBe(
      'HPCL · GST Road',
    );
    expect(
      shownName({
        name: 'Cng',
        nameParts: { kind: 'place', label: 'IGL', place: 'Noida', distanceKm: null, cardinal: null },
      }),
    ).toBe('IGL · Noida');
  });

  it('keep every name a source gave as it is, even one that looks made', () => {
    activateLocale('hi');
    expect(shownName({ name: 'Sai Auto Fuels', displayName: 'Sai Auto Fuels' })).toBe('Sai Auto Fuels');
    expect(shownName({ name: 'IGL · 12 km NE of Noida', displayName: 'IGL · 12 km NE of Noida' })).toBe(
      'IGL · 12 km NE of Noida',
    );
  });

  it('put the distance and the direction of a made name into the page language', () => {
    activateLocale('hi');
    const hindi = shownName({
      name: 'Hp',
      displayName: 'HPCL · 2.4 km NE of Tambaram',
      nameParts: fromPlace,
    });
    expect(hindi).toContain('HPCL');
    expect(hindi).toContain('Tambaram');
    expect(hindi).toContain('उत्तर-पूर्व');
    expect(hindi).not.toMatch(/\bkm NE of\b/);
    activateLocale('bn');
    expect(shownName({ name: 'Hp', nameParts: { ...fromPlace, distanceKm: 12.3 } })).toMatch(/১২\.৩/);
    expect(
      shownName({ name: 'Hp', nameParts: { kind: 'position', label: 'HPCL', lat: 13.0827, lon: 80.2707 } }),
    ).toBe('HPCL · ১৩.০৮৩, ৮০.২৭১');
    activateLocale('it');
    expect(shownName({ name: 'Hp', nameParts: fromPlace })).toMatch(/2,4 km/);
  });
});
