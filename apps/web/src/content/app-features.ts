import type { FeatureBlock } from './types';

/** The six feature sections under the finder on /App: what the product really does. */
export const appFeatures = {
  title: 'What the app does for you',
  sections: [
    {
      title: 'The nearest station in one tap',
      description:
        'Allow location once and the app lists the closest CNG stations, sorted by distance, each with whether ' +
        'it is open now. No GPS? Search by town or station name, or drop a pin on the map.',
      image: 'app-nearest',
      imageAlt: 'A finger tapping a station marker on a phone map',
    },
    {
      title: 'Live direction, speed and distance',
      description:
        'As you drive, the distance to the station counts down, an arrow turns to point at it, and your speed ' +
        'and estimated arrival time update with every GPS fix. Tap Navigate to hand over to your phone’s ' +
        'turn-by-turn navigation.',
      image: 'app-direction',
      imageAlt: 'A direction arrow next to a speedometer and a distance read-out',
    },
    {
      title: 'Live station status from drivers',
      description:
        'Drivers at the pump report gas available, no gas, low pressure, closed or the queue in minutes. Reports ' +
        'count only from within 500 m of the station, lose weight as they age and update open pages live.',
      image: 'app-status',
      imageAlt: 'Speech bubbles with a tick, a warning sign and a clock above a fuel pump',
    },
    {
      title: 'Favourites that stay with you',
      description:
        'Star the stations you rely on. Favourites and your filters are kept on your phone, so they are there ' +
        'the next time you open the app, without an account.',
      image: 'app-favourites',
      imageAlt: 'A list of stations with a highlighted star',
    },
    {
      title: 'Works offline, installs like an app',
      description:
        'Add CNG Navigator to your home screen from the browser. It starts fast, keeps the last stations it ' +
        'found for when the signal drops, and takes little space on your phone.',
      image: 'app-offline',
      imageAlt: 'A phone with an install arrow and a crossed-out signal icon',
    },
    {
      title: 'Open data and a public API',
      description:
        'Stations come from OpenStreetMap, India’s open CNG station data and Italy’s MIMIT fuel open data, each ' +
        'credited to its source. Developers can use the same data through our public API, documented at ' +
        '/api/docs.',
      image: 'app-open-data',
      imageAlt: 'Stacked data sheets connected to a station marker',
    },
  ] satisfies FeatureBlock[],
};
