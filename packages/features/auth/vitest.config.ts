import { fileURLToPath } from 'node:url';
import { appforgeVitest } from '@appforge/vitest-config';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig(
  appforgeVitest({
    plugins: [react()],
    test: {
      environment: 'jsdom',
      setupFiles: ['./test/setup.ts'],
      // A real backend per test file, from one migrated snapshot (@appforge/test-backend).
      globalSetup: [fileURLToPath(import.meta.resolve('@appforge/test-backend/global-setup'))],
      include: ['src/**/*.test.{ts,tsx}'],
      // Pages talk to a real backend over loopback; on a loaded 2-core machine a page can take long.
      testTimeout: 120_000,
    },
  }),
);
