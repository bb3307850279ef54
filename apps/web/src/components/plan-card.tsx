import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Plan } from '../content/plans';
import { intlLocale, t } from '../i18n/i18n';
import { tRich } from '../i18n/rich';

/** Whole rupees in the page's language: ₹10 in English and Hindi, ₹১০ in Bengali, 10 ₹ in Italian. */
export function formatRupees(rupees: number): string {
  return new Intl.NumberFormat(intlLocale(), {
    style: 'currency',
    currency: 'INR',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(rupees);
}

const PER = { month: 'pricing.price.perMonth', year: 'pricing.price.perYear' } as const;

/** One pricing plan (spec section 9) with its features and a button that opens the app. */
export function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.key}`;
  const name = t(plan.type);
  const amount = (children: ReactNode) => <span className="plan__amount">{children}</span>;
  return (
    <article className={`plan${plan.popular ? ' plan--popular' : ''}`} aria-labelledby={headingId}>
      {plan.popular && <p className="plan__badge">{t('pricing.popular')}</p>}
      <h2 className="plan__type" id={headingId}>
        {name}
      </h2>
      <p className="plan__price">
        {plan.billing
          ? tRich(PER[plan.billing], { price: formatRupees(plan.rupees) }, { amount })
          : amount(t('pricing.price.free'))}
      </p>
      <ul className="plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>{t(feature)}</li>
        ))}
      </ul>
      <Link
        className={`button ${plan.popular ? 'button--primary' : ''} plan__cta`}
        to="/App"
        aria-label={t('pricing.ctaLabel', { plan: name })}
      >
        {t('pricing.cta')}
      </Link>
    </article>
  );
}
