import { afterAll } from 'vitest';
import { NAMESPACES } from './catalog-types';
import { activateLocale, loadMessages } from './i18n';

// Unit tests render in English, with every catalog loaded, as the English site does; a test of another language
// activates it and loads its catalogs itself (and switches back to English after).
activateLocale('en');
await loadMessages(NAMESPACES);

// Preact runs effects after the next frame, with a 35 ms timer as the fallback (preact/hooks `afterNextFrame`). A
// timer still pending when a file's last test ends would fire after jsdom is torn down and throw
// "cancelAnimationFrame is not defined" (seen once, in heads-up-panel.test.tsx on a loaded machine): let it fire
// while the window still exists.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));
