import type { PricingPlan } from './types';

/** The three plans of spec section 9 (names, prices and features as the spec gives them). */
export const plans: PricingPlan[] = [
  {
    type: 'Basic Plan',
    price: 'Free',
    features: ['Basic features', 'Find nearby CNG stations', 'Limited advanced features', 'Ad-supported'],
  },
  {
    type: 'Monthly Plan',
    price: '₹10',
    billingFrequency: 'per month',
    features: ['Basic and advanced features', 'Find nearby stations', 'No ads'],
    popular: true,
  },
  {
    type: 'Yearly Plan',
    price: '₹120',
    billingFrequency: 'per year',
    features: ['All features', 'Find nearby stations', 'Priority support', 'No ads'],
  },
];

export const pricingCopy = {
  title: 'Pricing',
  intro:
    'Pick the plan that suits how often you drive. Finding the nearest CNG station is included in every plan.',
  cta: 'Start with the app',
  note: 'Payments are not taken on this website. To ask about the Monthly or Yearly Plan,',
  noteLink: 'contact us',
} as const;
