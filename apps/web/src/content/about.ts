import type { FeatureBlock } from './types';

// Line icons on a 24×24 grid (original), kept beside the page's copy so its chunk carries only these.
const boltIcon = 'M13 2L5 13h6l-1 9 8-11h-6z';
const chatIcon = 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5';
const mapIcon = 'M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2zM9 4v14M15 6v14';
const pinIcon =
  'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z';
const starIcon = 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z';

/** About page copy (spec section 2, About). */
export const about = {
  hero: {
    title: 'Find Fuel - Fast and Easy',
    description:
      'CNG Navigator is made by a small team in Chennai, India, for everyone who drives on compressed natural ' +
      'gas: auto-rickshaw and taxi drivers, fleet operators and families. Fewer CNG pumps than petrol pumps ' +
      'means every wrong turn costs time and gas, so we built the quickest way to the nearest station.',
    imageAlt: 'A CNG fuel pump beside a road under a fuel-drop sign',
  },
  blocks: [
    {
      title: 'Our Services',
      description:
        'We give you real-time direction, speed and distance to the nearest CNG station using GPS. Open the ' +
        'app, allow location, and you see the closest stations sorted by distance, an arrow that points the ' +
        'way, your current speed and an estimated arrival time. One tap hands the route to your phone’s own ' +
        'navigation app.',
      image: 'about-services',
      imageAlt: 'A compass arrow, a speed gauge and a distance marker',
    },
    {
      title: 'Our Mission',
      description:
        'Our mission is a hassle-free refuelling experience for every CNG driver. We keep improving the app ' +
        'and widening its coverage by adding open station data from more regions and by letting drivers share ' +
        'what they see at the pump, so the next driver does not queue in vain.',
      image: 'about-mission',
      imageAlt: 'A road winding past several CNG stations marked with fuel drops',
    },
  ] satisfies FeatureBlock[],
  highlights: {
    title: 'What you can count on',
    items: [
      {
        title: 'Current updates on stations',
        description:
          'Drivers report availability, low pressure, closures and wait times; reports fade out after a few ' +
          'hours so old news never misleads you.',
        icon: boltIcon,
      },
      {
        title: 'Precisely located stations',
        description:
          'Every station has exact coordinates and directions, taken from OpenStreetMap and official open data.',
        icon: pinIcon,
      },
      {
        title: 'Discover stations in your area',
        description:
          'Browse the map around you, search by place or station name, or drop a pin when GPS is off.',
        icon: mapIcon,
      },
      {
        title: 'Save your favourite stations',
        description: 'Star the stations you use most and find them again with one tap, even offline.',
        icon: starIcon,
      },
      {
        title: 'Support around the clock',
        description: 'Questions or a wrong station? Write to us any time: our support is 24x7.',
        icon: chatIcon,
      },
    ] satisfies FeatureBlock[],
  },
} as const;
