import { Link } from 'react-router';
import { PlanCard } from '../../components/plan-card';
import { plans } from '../../content/plans';
import { t } from '../../i18n/i18n';
import { tRich } from '../../i18n/rich';

/** Pricing (spec section 9): the three plans, rendered from data; every button opens the app. */
export default function PricingPage() {
  return (
    <section className="container page-section" aria-labelledby="pricing-title">
      <header className="section-heading">
        <h1 id="pricing-title">{t('pricing.title')}</h1>
        <p className="section-heading__intro">{t('pricing.intro')}</p>
      </header>
      <div className="plans">
        {plans.map((plan) => (
          <PlanCard key={plan.key} plan={plan} />
        ))}
      </div>
      <p className="plans__note">
        {tRich('pricing.note', {}, { link: (children) => <Link to="/contact">{children}</Link> })}
      </p>
    </section>
  );
}
