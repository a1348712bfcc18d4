import { fileURLToPath } from 'node:url';
import { appforgeVitest } from '@appforge/vitest-config';
import { defineConfig } from 'vitest/config';

export default defineConfig(
  appforgeVitest({
    test: {
      environment: 'jsdom',
      include: ['test/**/*.test.{ts,tsx}'],
      globalSetup: [fileURLToPath(import.meta.resolve('@appforge/test-backend/global-setup'))],
    },
  }),
);
