import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { NAMESPACES } from './catalog-types';
import { activateLocale, loadMessages } from './i18n';

// Unit tests render in English, with every catalog loaded, as the English site does; a test of another language
// activates it and loads its catalogs itself (and switches back to English after).
activateLocale('en');
await loadMessages(NAMESPACES);

// Tells React that this is a test environment: state updates outside act() are reported.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => cleanup());
