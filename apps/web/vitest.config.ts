import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { icuMessages } from './scripts/icu-messages.js';

export default defineProject({
  plugins: [icuMessages(), react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/i18n/test-setup.ts'],
  },
});
