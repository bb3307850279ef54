import { Link } from 'react-router';
import type { PricingPlan } from '../content/types';

/** One pricing plan (spec section 9) with its features and a button that opens the app. */
export function PlanCard({ plan, ctaText }: { plan: PricingPlan; ctaText: string }) {
  const headingId = `plan-${plan.type.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <article className={`plan${plan.popular ? ' plan--popular' : ''}`} aria-labelledby={headingId}>
      {plan.popular && <p className="plan__badge">POPULAR</p>}
      <h2 className="plan__type" id={headingId}>
        {plan.type}
      </h2>
      <p className="plan__price">
        <span className="plan__amount">{plan.price}</span>
        {plan.billingFrequency && <span className="plan__frequency"> {plan.billingFrequency}</span>}
      </p>
      <ul className="plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Link
        className={`button ${plan.popular ? 'button--primary' : ''} plan__cta`}
        to="/App"
        aria-label={`${ctaText}: ${plan.type}`}
      >
        {ctaText}
      </Link>
    </article>
  );
}
