import type { MessageId } from '../i18n/i18n';

/**
 * A pricing plan (spec section 3: type, price, billingFrequency, features, popular). Texts are message ids
 * (pricing namespace), read with `t` when the page renders; the price is a number of rupees, formatted with Intl
 * in the page's language.
 */
export interface Plan {
  /** Stable key: the plan's heading id (`plan-<key>`). */
  key: string;
  type: MessageId;
  /** Price in rupees; 0 is the free plan. */
  rupees: number;
  /** How often the price is paid; absent for the free plan. */
  billing?: 'month' | 'year';
  features: MessageId[];
  popular?: boolean;
}

/** The three plans of spec section 9 (names, prices and features as the spec gives them). */
export const plans: Plan[] = [
  {
    key: 'basic-plan',
    type: 'pricing.plan.basic',
    rupees: 0,
    features: [
      'pricing.feature.basic',
      'pricing.feature.findNearbyCng',
      'pricing.feature.limitedAdvanced',
      'pricing.feature.adSupported',
    ],
  },
  {
    key: 'monthly-plan',
    type: 'pricing.plan.monthly',
    rupees: 10,
    billing: 'month',
    features: ['pricing.feature.basicAndAdvanced', 'pricing.feature.findNearby', 'pricing.feature.noAds'],
    popular: true,
  },
  {
    key: 'yearly-plan',
    type: 'pricing.plan.yearly',
    rupees: 120,
    billing: 'year',
    features: [
      'pricing.feature.all',
      'pricing.feature.findNearby',
      'pricing.feature.prioritySupport',
      'pricing.feature.noAds',
    ],
  },
];
