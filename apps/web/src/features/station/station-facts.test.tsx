import { PRICE_STALE_AFTER_DAYS, type Price, priceAge } from '@cng/shared/client';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useFinderMessages } from '../../testing/test-messages';
import { OpenNow, PriceAgeWarning, priceText } from './station-facts';

beforeAll(() => useFinderMessages());

afterEach(cleanup);

const price = (over: Partial<Price> = {}): Price => ({
  amount: 1.648,
  currency: 'EUR',
  unit: 'kg',
  publishedAt: '2026-08-21T06:00:00Z',
  outlier: false,
  ...over,
});

describe('priceText', () => {
  it('states a plausible price per kg with the day it was published', () => {
    const text = priceText(price());
    // The number format follows the browser's locale: a decimal point or comma.
    // Published to the tenth of a cent: €1.648, never rounded to €1.65.
    expect(text).toMatch(/1[.,]648/);
    expect(text).toContain('/kg');
    expect(priceText(price({ amount: 76.5, currency: 'INR' }))).toMatch(/76[.,]50/);
    expect(text).toContain('2026');
  });

  it('states nothing for a price flagged as an outlier, nor for no price', () => {
    expect(priceText(price({ amount: 4.999, outlier: true }))).toBeNull();
    expect(priceText(null)).toBeNull();
  });
});

describe('OpenNow', () => {
  it('says "Open 24/7" only when the station is open now and known to be open around the clock', () => {
    const cng = { fillType: null, pressurePsi: null, vehicleClass: null, open24x7: true };
    render(<OpenNow station={{ openNow: true, cng }} />);
    expect(screen.getByText('Open 24/7')).toBeTruthy();
    cleanup();
    render(<OpenNow station={{ openNow: null, cng: { ...cng, open24x7: null } }} />);
    expect(screen.getByText('Hours unknown')).toBeTruthy();
  });
});

describe('PriceAgeWarning', () => {
  const published = Date.parse('2026-08-21T06:00:00Z');
  const day = 86_400_000;
  it(`warns about a price older than ${PRICE_STALE_AFTER_DAYS} days, with its age`, () => {
    expect(priceAge(price(), published + 7 * day + 1000)).toEqual({ days: 7, stale: false });
    expect(priceAge(price(), published + 8 * day)).toEqual({ days: 8, stale: true });
    render(<PriceAgeWarning price={price()} nowMs={published + 95 * day} />);
    expect(screen.getByTestId('price-age-warning').textContent).toBe(
      '⚠ Price 3 months old: it may have changed',
    );
  });
  it('says nothing for a recent price, an outlier or none', () => {
    const { container } = render(
      <>
        <PriceAgeWarning price={price()} nowMs={published + day} />
        <PriceAgeWarning price={price({ outlier: true })} nowMs={published + 95 * day} />
        <PriceAgeWarning price={null} nowMs={published} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
