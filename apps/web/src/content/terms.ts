import { site } from '../config/site';
import type { PolicySection } from './types';

/** Terms and Conditions (spec section 2): 25 titled sections; governing law India, courts of Chennai. */
export const terms = {
  intro: [
    `Welcome to ${site.name}. These terms govern your use of this website, the web app at /App, our mobile ` +
      'app and our public API (together, the "Service"). By using the Service you accept these terms. If you ' +
      'do not agree with them, please do not use the Service.',
  ],
  sections: [
    {
      title: 'Use of Service',
      paragraphs: [
        'The Service helps drivers of CNG vehicles find CNG pump stations and shows direction, speed and ' +
          'distance to them. You may use it for personal and business travel, in line with these terms and ' +
          'the law.',
        'You must not use the Service in a way that harms it, its users or the station operators listed in it.',
      ],
    },
    {
      title: 'Safety While Driving',
      paragraphs: [
        'Always obey traffic laws and keep your eyes on the road. Set up your route before you drive or let a ' +
          'passenger operate the phone. Never report a station status while driving.',
      ],
    },
    {
      title: 'Location Services',
      paragraphs: [
        'The finder needs your device’s location to find nearby stations. You can refuse or withdraw ' +
          'location permission at any time in your browser or phone settings and search by place or station ' +
          'name instead. How we handle location data is described in our Privacy Policy.',
      ],
    },
    {
      title: 'Station Information and Accuracy',
      paragraphs: [
        'Station locations, opening hours and prices come from open data sources and from reports by other ' +
          'drivers. Stations can close, run out of gas or change their hours without notice, so we cannot ' +
          'guarantee that every detail is correct at every moment.',
        'Distances are straight-line distances unless the app says otherwise; the road distance is usually ' +
          'longer.',
      ],
    },
    {
      title: 'Driver Status Reports',
      paragraphs: [
        'When you report the status of a station, report only what you have seen yourself at that station. ' +
          'Reports are accepted only near the station, are shown to other drivers without your identity, and ' +
          'may be limited or removed to prevent abuse.',
      ],
    },
    {
      title: 'User Conduct',
      paragraphs: ['While using the Service you agree not to:'],
      list: [
        'submit false, misleading or automated station reports;',
        'overload, probe or disrupt the Service or its API beyond the published rate limits;',
        'send unlawful, abusive or spam messages through the contact form;',
        'copy the Service’s software or design to pass it off as your own.',
      ],
    },
    {
      title: 'Intellectual Property',
      paragraphs: [
        `The ${site.name} name, logo, illustrations, texts and software are owned by us or our licensors and ` +
          'are protected by intellectual property laws. These terms do not grant you any right to them except ' +
          'to use the Service as intended.',
      ],
    },
    {
      title: 'Open Data, Attribution and the Public API',
      paragraphs: [
        'Station data comes from OpenStreetMap (© OpenStreetMap contributors, Open Database License), India’s ' +
          'open CNG station data and Italy’s MIMIT fuel open data. It stays under the licence of its source, ' +
          'and each station shows where it came from.',
        'You may use our public API, documented at /api/docs, within its rate limits, provided that you keep ' +
          'the attribution of every source.',
      ],
    },
    {
      title: 'Plans and Payments',
      paragraphs: [
        'The plans and prices shown on our Pricing page apply to the paid features of the Service. No payment ' +
          'is taken on this website. Cancellations and refunds follow our Return and Refund Policy.',
      ],
    },
    {
      title: 'Modification of Service',
      paragraphs: [
        'We may change, add or remove features of the Service, or suspend it for maintenance, at any time. ' +
          'We try to announce significant changes in advance.',
      ],
    },
    {
      title: 'Third-Party Links',
      paragraphs: [
        'The Service links to third-party services, such as your phone’s navigation app and map tile ' +
          'providers. We do not control them and are not responsible for their content or their privacy ' +
          'practices.',
      ],
    },
    {
      title: 'Privacy Policy',
      paragraphs: [
        'Your use of the Service is also governed by our Privacy Policy, which explains what we collect and ' +
          'why.',
      ],
    },
    {
      title: 'Disclaimer of Warranties',
      paragraphs: [
        'The Service is provided "as is" and "as available", without warranties of any kind, express or ' +
          'implied, including fitness for a particular purpose and accuracy of station information.',
      ],
    },
    {
      title: 'Limitation of Liability',
      paragraphs: [
        'To the extent permitted by law, we are not liable for indirect, incidental or consequential losses, ' +
          'such as a wasted trip to a station that was closed or out of gas. Our total liability for any ' +
          'claim is limited to the amount you paid us for the Service in the twelve months before the claim.',
      ],
    },
    {
      title: 'Liability for Your Content',
      paragraphs: [
        'You are responsible for the reports and messages you send. We are not liable for reports made by ' +
          'other drivers, although we work to keep them trustworthy.',
      ],
    },
    {
      title: 'Indemnification',
      paragraphs: [
        'You agree to indemnify and hold us harmless from claims, damages and costs arising from your breach ' +
          'of these terms or your misuse of the Service.',
      ],
    },
    {
      title: 'Termination',
      paragraphs: [
        'We may suspend or end your access to the Service, or block reports from a device, if you break these ' +
          'terms. You may stop using the Service at any time.',
      ],
    },
    {
      title: 'Changes to Terms',
      paragraphs: [
        'We may update these terms. The new version applies from the day it is published on this page; if you ' +
          'keep using the Service after that, you accept the updated terms.',
      ],
    },
    {
      title: 'Governing Law',
      paragraphs: ['These terms are governed by the laws of India.'],
    },
    {
      title: 'Jurisdiction',
      paragraphs: [
        'Any dispute arising from these terms or the Service is subject to the exclusive jurisdiction of the ' +
          'courts of Chennai, Tamil Nadu, India.',
      ],
    },
    {
      title: 'Severability',
      paragraphs: [
        'If any provision of these terms is found invalid or unenforceable, the other provisions remain in ' +
          'full force.',
      ],
    },
    {
      title: 'Waiver',
      paragraphs: [
        'If we do not enforce a provision of these terms, that does not waive our right to enforce it later.',
      ],
    },
    {
      title: 'Assignment',
      paragraphs: [
        'You may not transfer your rights under these terms without our written consent. We may transfer ours ' +
          'to a successor that continues the Service.',
      ],
    },
    {
      title: 'Entire Agreement and Headings',
      paragraphs: [
        'These terms, with the Privacy Policy and the Return and Refund Policy, are the entire agreement between ' +
          'you and us about the Service. Section headings are for convenience only and do not change the ' +
          'meaning of the terms.',
      ],
    },
    {
      title: 'Contact Us',
      paragraphs: ['Questions about these terms? Send us a message through our contact page.'],
    },
  ] satisfies PolicySection[],
};
