import type { Locale } from '@cng/shared/locales';
import { cleanup, render, screen } from '@testing-library/react';
import { StaticRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { plans } from '../content/plans';
import { activateLocale, loadMessages } from '../i18n/i18n';
import { formatRupees, PlanCard } from './plan-card';

async function inLocale(locale: Locale) {
  await loadMessages(['pricing'], locale);
  activateLocale(locale);
}

function renderPlans() {
  render(
    <StaticRouter location="/">
      {plans.map((plan) => (
        <PlanCard key={plan.key} plan={plan} />
      ))}
    </StaticRouter>,
  );
  return [...document.querySelectorAll('.plan__price')].map((p) => p.textContent);
}

afterEach(() => {
  cleanup();
  activateLocale('en');
});

describe('plan prices', () => {
  it('keep the spec amounts, in each language’s digits', async () => {
    await inLocale('en');
    expect([formatRupees(10), formatRupees(120)]).toEqual(['₹10', '₹120']);
    await inLocale('hi');
    expect([formatRupees(10), formatRupees(120)]).toEqual(['₹10', '₹120']);
    await inLocale('bn');
    expect([formatRupees(10), formatRupees(120)]).toEqual(['₹১০', '₹১২০']);
    await inLocale('mr');
    expect(formatRupees(120)).toBe('₹१२०');
    await inLocale('it');
    expect(formatRupees(10)).toBe('10\u00a0₹');
  });

  it('read as in the spec in English: Free, ₹10 per month, ₹120 per year, one POPULAR', async () => {
    await inLocale('en');
    expect(renderPlans()).toEqual(['Free', '₹10 per month', '₹120 per year']);
    expect(screen.getAllByText('POPULAR')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Monthly Plan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start with the app: Yearly Plan' })).toBeTruthy();
  });

  it('are written in the page’s language', async () => {
    await inLocale('hi');
    expect(renderPlans()).toEqual(['मुफ़्त', '₹10 प्रति माह', '₹120 प्रति वर्ष']);
    expect(screen.getByRole('heading', { name: 'मासिक प्लान' })).toBeTruthy();
    cleanup();
    await inLocale('bn');
    expect(renderPlans()).toEqual(['বিনামূল্যে', '₹১০ প্রতি মাসে', '₹১২০ প্রতি বছরে']);
    cleanup();
    await inLocale('it');
    expect(renderPlans()).toEqual(['Gratis', '10\u00a0₹ al mese', "120\u00a0₹ all'anno"]);
    expect(document.querySelector('.plan--popular .plan__amount')?.textContent).toBe('10\u00a0₹');
  });
});
