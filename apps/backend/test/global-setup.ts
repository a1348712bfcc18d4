// Vitest globalSetup: one PostgreSQL 15 server for the whole run, shared by every test file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { platformMigrationsDir } from '../src/db/locations.js';
import { startPostgresServer } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgresServer({ binDir: project.config.env.PG_BIN });
  // Roles are cluster-wide: create them once, before test files migrate their databases in
  // parallel (concurrent CREATE ROLE / ALTER ROLE on one cluster can collide).
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    await client.query(readFileSync(join(platformMigrationsDir(), '0001_roles_and_auth_helpers.sql'), 'utf8'));
  } finally {
    await client.end();
  }
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
