import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { appforgeVitest } from '@appforge/vitest-config';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const testBackendSetup = fileURLToPath(import.meta.resolve('@appforge/test-backend/global-setup'));

export default defineConfig(
  appforgeVitest({
    plugins: [react()],
    // The test backend's realtime transport is Node's `ws`; under jsdom its browser entry (which
    // only throws) would be picked. The pages' live updates reach the real backend through it.
    resolve: { alias: { ws: createRequire(testBackendSetup).resolve('ws') } },
    test: {
      environment: 'jsdom',
      setupFiles: ['./test/setup.ts'],
      // A real backend for the files that ask for one (@appforge/test-backend), from one migrated snapshot.
      globalSetup: [testBackendSetup],
      include: ['src/**/*.test.{ts,tsx}'],
    },
  }),
);
