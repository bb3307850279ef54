import type { FeatureBlock } from './types';

// Line icons on a 24×24 grid (original), kept beside the page's copy so its chunk carries only these.
const boltIcon = 'M13 2L5 13h6l-1 9 8-11h-6z';
const chatIcon = 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5';
const mapIcon = 'M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2zM9 4v14M15 6v14';
const pinIcon =
  'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z';
const starIcon = 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z';

/**
 * About page copy (spec section 2, About): message ids of the `about` namespace (the text is in
 * i18n/messages/about/<locale>.json); the page calls t() on them when it renders.
 */
export const about = {
  hero: {
    title: 'about.hero.title',
    description: 'about.hero.description',
    imageAlt: 'about.hero.imageAlt',
  },
  blocks: [
    {
      title: 'about.services.title',
      description: 'about.services.description',
      image: 'about-services',
      imageAlt: 'about.services.imageAlt',
    },
    {
      title: 'about.mission.title',
      description: 'about.mission.description',
      image: 'about-mission',
      imageAlt: 'about.mission.imageAlt',
    },
  ] satisfies FeatureBlock[],
  highlights: {
    title: 'about.highlights.title',
    items: [
      {
        title: 'about.highlights.updates.title',
        description: 'about.highlights.updates.description',
        icon: boltIcon,
      },
      {
        title: 'about.highlights.located.title',
        description: 'about.highlights.located.description',
        icon: pinIcon,
      },
      {
        title: 'about.highlights.discover.title',
        description: 'about.highlights.discover.description',
        icon: mapIcon,
      },
      {
        title: 'about.highlights.favourites.title',
        description: 'about.highlights.favourites.description',
        icon: starIcon,
      },
      {
        title: 'about.highlights.support.title',
        description: 'about.highlights.support.description',
        icon: chatIcon,
      },
    ] satisfies FeatureBlock[],
  },
} as const;
