import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';

/**
 * What every page renders inside: the page's language (Lingui's React binding). Server data (TanStack Query)
 * is provided by the pages that ask the API, so the content pages do not load its client.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
