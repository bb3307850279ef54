import type { FeatureBlock } from './types';

// Line icons on a 24×24 grid (original), kept beside the page's copy so its chunk carries only these.
const clockIcon = 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3.5 2';
const handIcon =
  'M8 13V6a1.5 1.5 0 0 1 3 0v5M11 11V4.5a1.5 1.5 0 0 1 3 0V11M14 11V6a1.5 1.5 0 0 1 3 0v7c0 4-2.5 7-6 7-2.5 0-4-1.2-5.5-3.5L4 14a1.5 1.5 0 0 1 2.4-1.8L8 14';
const shieldIcon = 'M12 3l7 3v5c0 5-3.5 8.5-7 10-3.5-1.5-7-5-7-10V6zM8.5 12l2.5 2.5 4.5-5';
const targetIcon =
  'M12 3v3M12 18v3M3 12h3M18 12h3M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2z';

/**
 * Home page copy (spec section 2, Home): message ids of the `home` namespace (the text is in
 * i18n/messages/home/<locale>.json); the page calls t() on them when it renders.
 */
export const home = {
  banner: {
    region: 'home.banner.region',
    label: 'home.banner.label',
    text: 'home.banner.text',
    linkText: 'home.banner.link',
  },
  hero: {
    title: 'home.hero.title',
    description: 'home.hero.description',
    cta: 'home.hero.cta',
    imageAlt: 'home.hero.imageAlt',
  },
  whyChooseUs: {
    title: 'home.why.title',
    intro: 'home.why.intro',
    features: [
      { title: 'home.why.accuracy.title', description: 'home.why.accuracy.description', icon: targetIcon },
      {
        title: 'home.why.reliability.title',
        description: 'home.why.reliability.description',
        icon: shieldIcon,
      },
      {
        title: 'home.why.convenience.title',
        description: 'home.why.convenience.description',
        icon: handIcon,
      },
      { title: 'home.why.timeSaving.title', description: 'home.why.timeSaving.description', icon: clockIcon },
    ] satisfies FeatureBlock[],
  },
  closing: {
    tagline: 'home.closing.tagline',
    appLinkText: 'home.closing.appLink',
    appNote: 'home.closing.appNote',
    storeLinkText: 'home.closing.storeLink',
  },
} as const;
