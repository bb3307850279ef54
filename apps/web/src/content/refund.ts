import { site } from '../config/site';
import type { PolicySection } from './types';

/** Return and Refund Policy (spec section 2): its six sections and the spec's three rules. */
export const refund = {
  intro: [`Thank you for choosing ${site.name}. Please read this policy before you buy a plan.`],
  sections: [
    {
      title: 'Interpretation and Definitions',
      paragraphs: [
        'Words with an initial capital letter have the meanings defined below. The definitions have the same ' +
          'meaning whether they appear in the singular or the plural.',
      ],
    },
    {
      title: 'Definitions',
      paragraphs: ['For the purposes of this Return and Refund Policy:'],
      list: [
        `Company (referred to as "the Company", "We", "Us" or "Our") means ${site.name}, Chennai, India.`,
        `Service means the ${site.name} software application service: this website, the web app and the ` +
          'mobile app.',
        'Order means a request by You to buy a plan of the Service.',
        'You means the person using or buying the Service.',
      ],
    },
    {
      title: 'Your Order Cancellation Rights',
      paragraphs: [
        'Our Service is a software application service. Once the service is provided, no refunds are given. ' +
          'You may stop using a plan at any time; the plan then simply is not renewed.',
      ],
    },
    {
      title: 'Conditions for Returns',
      paragraphs: [
        'There are no conditions for returns: a software application service cannot be returned once it has ' +
          'been provided.',
      ],
    },
    {
      title: 'Gifts',
      paragraphs: ['No refunds are given for plans bought as a gift.'],
    },
    {
      title: 'Contact Us',
      paragraphs: ['If you have any questions about our Return and Refund Policy, send us a message:'],
    },
  ] satisfies PolicySection[],
  contactLinkText: 'Contact us',
};
