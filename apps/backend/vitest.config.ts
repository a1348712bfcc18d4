import { appforgeVitest } from '@appforge/vitest-config';
import { defineConfig } from 'vitest/config';

export default defineConfig(
  appforgeVitest({
    test: {
      environment: 'node',
      // One PostgreSQL 15 server per run (test/global-setup.ts); each test file makes its own database.
      globalSetup: ['./test/global-setup.ts'],
      env: process.env.PG_BIN ? { PG_BIN: process.env.PG_BIN } : {},
      // Each file starts its own server and database; PGlite is CPU-heavy, so keep parallelism low.
      maxWorkers: 2,
    },
  }),
);
