import { describe, expect, it } from 'vitest';
import { displayNameOf, type Locate } from './display-name';

const nameOf = (...args: Parameters<typeof displayNameOf>) => displayNameOf(...args).text;

const newDelhi: Locate = () => ({ name: 'New Delhi', lon: 77.2167, lat: 28.6358, distanceKm: 2.14 });
const base = { brand: null, operator: null, address: null, city: null, lon: 77.2202, lat: 28.6166 };

describe('display names', () => {
  it('keeps a name that names the station', () => {
    expect(nameOf({ ...base, name: 'Panchshila Service Station', brand: 'HPCL' }, newDelhi)).toBe(
      'Panchshila Service Station',
    );
  });

  it('gives a generic name its brand or operator and where it is, with distance and direction', () => {
    expect(nameOf({ ...base, name: 'Hp', brand: 'HPCL' }, newDelhi)).toBe('HPCL · 2.1 km S of New Delhi');
    expect(
      nameOf({ ...base, name: 'Indraprastha Gas Limited', operator: 'Indraprastha Gas Limited' }, newDelhi),
    ).toBe('IGL · 2.1 km S of New Delhi');
    expect(nameOf({ ...base, name: 'CNG Station' }, newDelhi)).toBe('CNG · 2.1 km S of New Delhi');
  });

  it('prefers the street of the address, and says "at" a place the station is in', () => {
    expect(nameOf({ ...base, name: 'Igl', brand: 'IGL', address: 'Mathura Road, 110003' }, newDelhi)).toBe(
      'IGL · Mathura Road',
    );
    // A plot number is no place: the first part that names one is used.
    expect(
      nameOf(
        { ...base, name: 'Hp', brand: 'HPCL', address: 'Gut No, 29 & 30, Ratnagiri Road, SH 204' },
        newDelhi,
      ),
    ).toBe('HPCL · Ratnagiri Road');
    expect(nameOf({ ...base, name: 'ENI', brand: 'Eni', address: 'VIA CASAMASSIMA 12' }, newDelhi)).toBe(
      'Eni · VIA CASAMASSIMA 12',
    );
    const inside: Locate = () => ({ name: 'Karol Bāgh', lon: 77.19, lat: 28.65, distanceKm: 0.3 });
    expect(nameOf({ ...base, name: 'Hp', brand: 'HPCL' }, inside)).toBe('HPCL · Karol Bāgh');
  });

  it('uses the town the source gives when there is no street', () => {
    expect(nameOf({ ...base, name: 'ENI', brand: 'Eni', city: 'NOICATTARO' }, newDelhi)).toBe(
      'Eni · NOICATTARO',
    );
  });

  it('falls back to coordinates far from any named place', () => {
    expect(nameOf({ ...base, name: 'CNG' }, () => null)).toBe('CNG · 28.617, 77.220');
  });

  it('uses the real gazetteer by default', () => {
    expect(nameOf({ ...base, name: 'Hp', brand: 'HPCL' })).toMatch(/^HPCL · \d+\.\d km [NESW]{1,2} of /);
  });

  it('sends the parts of a name it made, for clients to word in their own language', () => {
    expect(displayNameOf({ ...base, name: 'Hp', brand: 'HPCL' }, newDelhi).parts).toEqual({
      kind: 'place',
      label: 'HPCL',
      place: 'New Delhi',
      distanceKm: 2.1,
      cardinal: 'S',
    });
    const inside: Locate = () => ({ name: 'Karol Bāgh', lon: 77.19, lat: 28.65, distanceKm: 0.3 });
    expect(displayNameOf({ ...base, name: 'Hp', brand: 'HPCL' }, inside).parts).toMatchObject({
      kind: 'place',
      distanceKm: null,
      cardinal: null,
    });
    expect(displayNameOf({ ...base, name: 'ENI', brand: 'Eni', city: 'NOICATTARO' }, newDelhi).parts).toEqual(
      {
        kind: 'city',
        label: 'Eni',
        city: 'NOICATTARO',
      },
    );
    expect(displayNameOf({ ...base, name: 'Panchshila Service Station' }, newDelhi).parts).toBeNull();
  });
});
