import type { Locale } from '@cng/shared/locales';
import { activateLocale, loadMessages } from '../i18n/i18n';

/**
 * For unit tests: makes `locale` the active language with the finder's messages loaded (tests start with no
 * language active, and `t` needs one). Call it in `beforeAll`; a test that switches away from English
 * switches back with `useFinderMessages('en')` afterwards.
 */
export async function useFinderMessages(locale: Locale = 'en'): Promise<void> {
  await loadMessages(['finder'], locale);
  activateLocale(locale);
}
