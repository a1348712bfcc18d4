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
      // Test files share their worker's module graph instead of loading the backend, its functions
      // and their dependencies again for each of the ~96 files (4–12 s of import each on two busy
      // cores). Every file starts its own backends and databases, and the suite mocks no modules and
      // sets no globals, so nothing a test reads carries over. Measured back to back on 16 files:
      // 570 s → 364 s wall, import 199 s → 22 s, the same 170 tests passing.
      isolate: false,
    },
  }),
);
