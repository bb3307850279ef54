import { site } from '../config/site';
import type { PolicySection } from './types';

/**
 * Privacy Policy (spec section 2): 15 sections describing what this software really collects and does. English
 * only: it governs in every language (its title and summary are messages, policies.privacy.*).
 */
export const privacy = {
  lastUpdated: '25-04-2023',
  intro: [
    `This policy explains what ${site.name} collects when you use this website, the web app at /App and our ` +
      'public API, why, and what we never store. We collect as little as the Service needs: you do not need ' +
      'an account, and we use no advertising trackers.',
  ],
  sections: [
    {
      title: 'Who We Are',
      paragraphs: [
        `${site.name} is run by a small company based in Chennai, India. Contact details are at the end of ` +
          'this policy.',
      ],
    },
    {
      title: 'Information We Collect',
      paragraphs: ['Depending on what you use, we handle:'],
      list: [
        'location data, when you allow the finder to use your position;',
        'station status reports you choose to send;',
        'contact data (name, e-mail address and message) when you write to us;',
        'usage data that every web server sees, such as your IP address, browser type and the pages requested.',
      ],
    },
    {
      title: 'Location Data',
      paragraphs: [
        'Your GPS position is used on your device to show direction, speed and distance. It is sent to our ' +
          'server only as the coordinates of a nearest-station search, which answers the search and does not ' +
          'store them, and, when you report the status of a station, as the position of that report, so we ' +
          'can check that you are within 500 m of the station.',
        'Your speed and heading never leave your device. You can deny or withdraw location permission at any ' +
          'time and search by place or station name instead.',
      ],
    },
    {
      title: 'Favourites and Settings on Your Device',
      paragraphs: [
        'Your favourite stations and your filters are kept in your browser’s local storage on your device. ' +
          'They are not sent to us, and clearing your browser data removes them.',
      ],
    },
    {
      title: 'Station Status Reports',
      paragraphs: [
        'A report stores the station, the status you chose (and the queue time or note if you gave one), the ' +
          'report position with its GPS accuracy and distance to the station, the time, a random device id, and ' +
          'a keyed hash of your network address (never the address itself), used only to stop one network from ' +
          'flooding a station with reports. Other drivers see the resulting station status, never your position, ' +
          'device id or network hash. A report counts ' +
          'towards a station’s status for at most three hours.',
      ],
    },
    {
      title: 'Contact Messages',
      paragraphs: [
        'When you use the contact form we store your name, e-mail address and message, and forward them to our ' +
          'team by e-mail so that we can answer you. We use them only to reply to you.',
      ],
    },
    {
      title: 'Cookies and Local Storage',
      paragraphs: [
        'We set one cookie, and only when you send a station report: a signed, HttpOnly cookie holding a random ' +
          'device id, used to limit how often one device can report and to keep reports accountable without ' +
          'an account. It expires after 400 days. Favourites, filters and the installed app’s offline copy use ' +
          'your browser’s storage on your device. We use no advertising or cross-site tracking cookies.',
      ],
    },
    {
      title: 'Payment Information',
      paragraphs: [
        'No payment is taken on this website and we do not collect card or bank details here. If you buy a paid ' +
          'plan elsewhere, the payment provider that processes it handles your payment data under its own ' +
          'privacy policy.',
      ],
    },
    {
      title: 'How We Use Information',
      paragraphs: ['We use the information above only to:'],
      list: [
        'find the stations nearest to you and show how to reach them;',
        'work out and show the live status of stations;',
        'answer your messages;',
        'keep the Service secure, prevent abuse and fix errors.',
      ],
    },
    {
      title: 'Sharing and Disclosure',
      paragraphs: [
        'We do not sell or rent personal data. We share it only with service providers that help us run the ' +
          'Service (hosting and e-mail delivery), under confidentiality obligations, or when the law requires it.',
      ],
    },
    {
      title: 'Third-Party Services',
      paragraphs: [
        'The map in the finder loads map tiles from a tile server (OpenStreetMap by default), which receives ' +
          'your IP address and the map area shown. When you tap Navigate, your phone’s navigation app receives ' +
          'the station’s position. Their own privacy policies apply.',
      ],
    },
    {
      title: 'Data Retention',
      paragraphs: [
        'Search coordinates are not stored. Station reports are kept to compute and audit station status and ' +
          'to prevent abuse. Contact messages are kept as long as needed to deal with your request. Server ' +
          'logs are kept for a short time for security.',
      ],
    },
    {
      title: 'Security',
      paragraphs: [
        'The Service uses HTTPS, signed cookies, rate limits and strict browser security headers. No method of ' +
          'transmission or storage is completely secure, but we work to protect your information.',
      ],
    },
    {
      title: 'Children’s Privacy',
      paragraphs: [
        'The Service is not intended for children under 13, and we do not knowingly collect personal data from ' +
          'them. If you believe a child has sent us personal data, contact us and we will delete it.',
      ],
    },
    {
      title: 'Your Rights and Choices',
      paragraphs: [
        'You can ask us for a copy of the personal data we hold about you, or ask us to correct or delete it. ' +
          'You can turn off location access, clear your favourites, and delete our cookie in your browser at ' +
          'any time.',
      ],
    },
  ] satisfies PolicySection[],
  contact: {
    title: 'Contact Us',
    text: 'If you have questions about this Privacy Policy, contact us:',
  },
  topics: {
    title: 'Our policies',
    items: [
      'Safety policy',
      'Environmental policy',
      'Pricing and billing policy',
      'Customer service policy',
      'Data privacy policy',
    ],
  },
};
