import { fileURLToPath } from 'node:url';
import { appforgeVitest } from '@appforge/vitest-config';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const testBackendSetup = fileURLToPath(import.meta.resolve('@appforge/test-backend/global-setup'));

export default defineConfig(
  appforgeVitest({
    plugins: [react()],
    test: {
      environment: 'jsdom',
      setupFiles: ['./test/setup.ts'],
      // A real backend for the files that ask for one (server/share-page.test.ts), from one migrated snapshot.
      globalSetup: [testBackendSetup],
      include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    },
  }),
);
