import { Link } from 'react-router';
import { PlanCard } from '../../components/plan-card';
import { plans, pricingCopy } from '../../content/plans';

/** Pricing (spec section 9): the three plans, rendered from data; every button opens the app. */
export default function PricingPage() {
  return (
    <section className="container page-section" aria-labelledby="pricing-title">
      <header className="section-heading">
        <h1 id="pricing-title">{pricingCopy.title}</h1>
        <p className="section-heading__intro">{pricingCopy.intro}</p>
      </header>
      <div className="plans">
        {plans.map((plan) => (
          <PlanCard key={plan.type} plan={plan} ctaText={pricingCopy.cta} />
        ))}
      </div>
      <p className="plans__note">
        {pricingCopy.note} <Link to="/contact">{pricingCopy.noteLink}</Link>.
      </p>
    </section>
  );
}
