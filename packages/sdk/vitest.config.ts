import { appforgeVitest } from '@appforge/vitest-config';
import { defineConfig } from 'vitest/config';

export default defineConfig(
  appforgeVitest({
    test: {
      environment: 'node',
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      // One shared backend for the jsdom files (see the file); the Node files start their own.
      globalSetup: ['./test/global-setup.ts'],
      // Integration files each start a real backend on in-memory PGlite (CPU-heavy): keep it low.
      maxWorkers: 2,
      // Starting a backend (migrations on PGlite) takes far longer when other packages' tests share
      // the two cores; a slow start is not a failure of what the file tests.
      hookTimeout: 180_000,
    },
  }),
);
