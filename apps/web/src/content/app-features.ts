import { REPORT_LIMITS } from '@cng/shared/client';
import { intlLocale } from '../i18n/i18n';
import type { FeatureBlock } from './types';

/**
 * The six feature sections under the finder on /App, what the product really does: message ids of the `app`
 * namespace (i18n/messages/app/<locale>.json), turned into text by t() when the page renders.
 */
export const appFeatures = {
  title: 'app.features.title',
  sections: [
    {
      title: 'app.features.nearest.title',
      description: 'app.features.nearest.description',
      image: 'app-nearest',
      imageAlt: 'app.features.nearest.imageAlt',
    },
    {
      title: 'app.features.direction.title',
      description: 'app.features.direction.description',
      image: 'app-direction',
      imageAlt: 'app.features.direction.imageAlt',
    },
    {
      title: 'app.features.status.title',
      description: 'app.features.status.description',
      values: () => ({
        distance: new Intl.NumberFormat(intlLocale(), { style: 'unit', unit: 'meter' }).format(
          REPORT_LIMITS.maxDistanceM,
        ),
      }),
      image: 'app-status',
      imageAlt: 'app.features.status.imageAlt',
    },
    {
      title: 'app.features.favourites.title',
      description: 'app.features.favourites.description',
      image: 'app-favourites',
      imageAlt: 'app.features.favourites.imageAlt',
    },
    {
      title: 'app.features.offline.title',
      description: 'app.features.offline.description',
      image: 'app-offline',
      imageAlt: 'app.features.offline.imageAlt',
    },
    {
      title: 'app.features.openData.title',
      description: 'app.features.openData.description',
      values: () => ({ docsPath: '/api/docs' }),
      image: 'app-open-data',
      imageAlt: 'app.features.openData.imageAlt',
    },
  ] satisfies FeatureBlock[],
} as const;
