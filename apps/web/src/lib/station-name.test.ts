import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadMessages } from '../i18n/i18n';
import { localGeneratedName, shownName } from './station-name';

afterEach(() => activateLocale('en'));

describe('station names on the page', () => {
  it('keep English and every name a source gave as it is', () => {
    expect(shownName({ name: 'Hp', displayName: 'HPCL · 2.1 km S of New Delhi' })).toBe(
      'HPCL · 2.1 km S of New Delhi',
    );
    expect(localGeneratedName('Sai Auto Fuels')).toBe('Sai Auto Fuels');
  });

  it('put the one name the server writes in English ("2.1 km S of New Delhi") into the page language', async () => {
    await loadMessages(['finder'], 'hi');
    activateLocale('hi');
    const hindi = shownName({ name: 'Hp', displayName: 'HPCL · 2.1 km S of New Delhi' });
    expect(hindi).toContain('HPCL');
    expect(hindi).toContain('New Delhi');
    expect(hindi).toContain('दक्षिण');
    expect(hindi).not.toMatch(/\bkm S of\b/);
    // A source name that merely looks alike stays the source's.
    expect(localGeneratedName('Via Roma 12')).toBe('Via Roma 12');
    await loadMessages(['finder'], 'bn');
    activateLocale('bn');
    expect(localGeneratedName('IGL · 12 km NE of Noida')).toMatch(/১২/);
  });
});
