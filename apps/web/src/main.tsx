import { splitLocalePath } from '@cng/shared/locales';
import { attachMenu, attachScrollTopButton } from './components/layout/site-frame-controls';
import { redirectToPreferredLocale } from './i18n/locale-redirect';
import { rememberLanguageLinkArrival, rememberPickedLocales } from './i18n/remember-locale';
import { scrollToTop } from './lib/scroll-to-top';
import { whenIdle } from './pwa/when-idle';
import './styles/global.css';
import './styles/content.css';
import './styles/i18n.css';

/** Events that mean a visitor is using the page: the app is wanted now, not when the browser is idle. */
const USE_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The entry module: small, so a content page answers at once on a slow phone. The menu, the language picker
 * and the scroll-to-top button work on the prerendered page right away; React (app/boot.tsx) loads and
 * hydrates the page when the browser is idle or the visitor starts using it, whichever comes first. /App, the
 * client-only pages and the not-found page start the app at once (ADR 0027).
 */
function start() {
  // Before anything else: a language picked in the prerendered menu is remembered before hydration too.
  rememberPickedLocales(document);
  const { pathname } = window.location;
  const { locale } = splitLocalePath(pathname);
  // A language picked on the page before, before any of its code ran: this page is the choice. Else an English
  // address the service worker answered from its cache, for a driver who reads another language, moves to it.
  if (!rememberLanguageLinkArrival(locale) && redirectToPreferredLocale()) return;
  const container = document.getElementById('root')!;
  // Hydrate only the page prerendered for this very address: index.html (the "/" page) is also the SPA shell
  // of other routes, and 404.html shows a path only the browser knows; those render afresh.
  const route = container.dataset.route;
  const prerendered = route !== undefined && route === (pathname.replace(/(.)\/+$/, '$1') || '/');
  let started: Promise<void> | null = null;
  let onLive = () => {};
  const startApp = () => {
    started ??= import('./app/boot').then(({ boot }) => boot(container, prerendered)).then(() => onLive());
    return started;
  };
  if (!prerendered || container.dataset.hydrate !== 'idle') {
    void startApp();
    return;
  }
  const header = container.querySelector<HTMLElement>('.site-header');
  if (header) attachMenu(header);
  const scrollButton = container.querySelector<HTMLElement>('[data-scroll-top]');
  if (scrollButton) attachScrollTopButton(scrollButton, scrollToTop);
  onLive = holdFormsUntil(startApp);
  const now = () => {
    for (const type of USE_EVENTS) document.removeEventListener(type, now, true);
    void startApp();
  };
  for (const type of USE_EVENTS) document.addEventListener(type, now, { capture: true, passive: true });
  whenIdle(now);
}

/**
 * A form sent before the app has taken over the page (the contact form, typed into on a slow phone) waits for
 * it, then is sent by the app's own handler: never natively, which would reload the page without sending.
 * Returns what to run once the app is live: it lets go of the forms and sends the one that waited.
 */
function holdFormsUntil(startApp: () => Promise<void>): () => void {
  let waiting: HTMLFormElement | null = null;
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    waiting = event.target as HTMLFormElement;
    waiting.setAttribute('aria-busy', 'true');
    void startApp();
  };
  document.addEventListener('submit', onSubmit, true);
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-enabled-by-entry]')) {
    button.disabled = false;
  }
  return () => {
    document.removeEventListener('submit', onSubmit, true);
    waiting?.removeAttribute('aria-busy');
    waiting?.requestSubmit();
  };
}

start();
