import { appforgeVitest } from '@appforge/vitest-config';
import { defineConfig } from 'vitest/config';

export default defineConfig(
  appforgeVitest({
    test: {
      environment: 'node',
      // One PostgreSQL 15 server per run (test/global-setup.ts), which also migrates once per run:
      // a PGlite snapshot and a PostgreSQL template that each test file's backends copy.
      globalSetup: ['./test/global-setup.ts'],
      env: process.env.PG_BIN ? { PG_BIN: process.env.PG_BIN } : {},
      // Each file starts its own backends and databases; PGlite is CPU-heavy, so keep parallelism low.
      maxWorkers: 2,
    },
  }),
);
