import preact from '@preact/preset-vite';
import { defineProject } from 'vitest/config';
import { icuMessages } from './scripts/icu-messages.js';

export default defineProject({
  // The same Preact as the build (ADR 0020): tests render what drivers get.
  plugins: [icuMessages(), preact()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/i18n/test-setup.ts'],
    // Bundled like our code, so its `react` imports meet the Preact alias instead of loading React.
    server: { deps: { inline: ['react-toastify'] } },
  },
});
