// Vitest globalSetup: one PostgreSQL 15 server for the whole run, shared by every test file, and
// the migrated database made once per run for both engines: a PGlite data-dir dump and a
// PostgreSQL template database. A test file then restores or copies it (a fraction of a second)
// instead of migrating (5–15 s per backend on two busy cores, twice per file with DATABASES).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { platformMigrationsDir, projectMigrationsDir } from '../src/db/locations.js';
import { applyMigrations } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { createDatabaseOn, startPostgresServer } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The template database with every migration applied ('' when migrating failed). */
    postgresTemplate: string;
    /** A file holding the migrated PGlite data dir ('' when migrating failed). */
    pgliteSnapshotPath: string;
  }
}

const SOURCES = [
  { name: 'platform', dir: platformMigrationsDir() },
  { name: 'project', dir: projectMigrationsDir() },
];

const cacheDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.cache', 'snapshots');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const { dir } of SOURCES) {
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.sql')).sort()) {
      hash.update(name).update(readFileSync(join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 24);
}

/** The migrated PGlite dump on disk, kept between runs while the migrations are unchanged. */
async function pgliteSnapshot(hash: string): Promise<string> {
  const path = join(cacheDir, `pglite-${hash}.tar`);
  try {
    if (statSync(path).size > 0) return path;
  } catch {
    // Not made yet for these migrations.
  }
  const db = await openPglite('memory://');
  try {
    await applyMigrations(db, SOURCES);
    const dump = await db.dumpDataDir();
    mkdirSync(cacheDir, { recursive: true });
    // Written aside then renamed: another run may read the cache at the same moment.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
    return path;
  } finally {
    await db.close();
  }
}

/** Migrates a database on the run's server once; test files copy it with CREATE DATABASE … TEMPLATE. */
async function postgresTemplate(serverUrl: string, hash: string): Promise<string> {
  const name = `migrated_${hash}`;
  const url = await createDatabaseOn(serverUrl, name);
  const db = openPostgres(url);
  try {
    await applyMigrations(db, SOURCES);
  } finally {
    // A template must have no open connection when it is copied.
    await db.close();
  }
  return name;
}

/** A broken migration is reported by the test files, by file name, when their backends migrate. */
const orEmpty = (made: Promise<string>): Promise<string> => made.catch(() => '');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const hash = migrationsHash();
  const snapshot = orEmpty(pgliteSnapshot(hash));
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
  const [pgliteSnapshotPath, template] = await Promise.all([snapshot, orEmpty(postgresTemplate(server.url, hash))]);
  project.provide('postgresUrl', server.url);
  project.provide('postgresTemplate', template);
  project.provide('pgliteSnapshotPath', pgliteSnapshotPath);
  return () => server.stop();
}
