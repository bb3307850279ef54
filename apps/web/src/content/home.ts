import type { FeatureBlock } from './types';

// Line icons on a 24×24 grid (original), kept beside the page's copy so its chunk carries only these.
const clockIcon = 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3.5 2';
const handIcon =
  'M8 13V6a1.5 1.5 0 0 1 3 0v5M11 11V4.5a1.5 1.5 0 0 1 3 0V11M14 11V6a1.5 1.5 0 0 1 3 0v7c0 4-2.5 7-6 7-2.5 0-4-1.2-5.5-3.5L4 14a1.5 1.5 0 0 1 2.4-1.8L8 14';
const shieldIcon = 'M12 3l7 3v5c0 5-3.5 8.5-7 10-3.5-1.5-7-5-7-10V6zM8.5 12l2.5 2.5 4.5-5';
const targetIcon =
  'M12 3v3M12 18v3M3 12h3M18 12h3M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2z';

/** Home page copy (spec section 2, Home). */
export const home = {
  banner: {
    label: 'New',
    text: 'The CNG Navigator app is out: install it on your phone straight from your browser.',
    linkText: 'Open the app',
  },
  hero: {
    title: 'Find CNG Fast and Easy',
    description:
      'Stop driving around looking for gas. CNG Navigator uses your phone’s GPS to show the nearest CNG pump ' +
      'station with its direction, your speed and the distance left, plus what other drivers report about ' +
      'gas, pressure and queues.',
    cta: 'For you',
    imageAlt: 'A phone showing a map with the route to the nearest CNG station',
  },
  whyChooseUs: {
    title: 'Why Choose Us ?',
    intro: 'Built for CNG drivers who need fuel now, not a list of maybes.',
    features: [
      {
        title: 'Accuracy',
        description:
          'Accurate location data: stations come from OpenStreetMap and official open data, each with exact ' +
          'coordinates and the source it came from.',
        icon: targetIcon,
      },
      {
        title: 'Reliability',
        description:
          'Available 24/7: the finder works day and night, keeps your last results when the network drops, ' +
          'and shows live status reported by drivers.',
        icon: shieldIcon,
      },
      {
        title: 'Convenience',
        description:
          'A user-friendly interface: big figures you can read at a glance, one tap to start turn-by-turn ' +
          'navigation, and no sign-up.',
        icon: handIcon,
      },
      {
        title: 'Time Saving',
        description:
          'Find the nearest CNG station in minutes: the closest stations are sorted by distance the moment ' +
          'your position is known.',
        icon: clockIcon,
      },
    ] satisfies FeatureBlock[],
  },
  closing: {
    tagline: 'Easily find the nearest CNG pump station',
    appLinkText: 'Open the web app',
    appNote: 'Works in any modern phone browser and installs to your home screen like an app.',
    storeLinkText: 'Get it on the app store',
  },
} as const;
