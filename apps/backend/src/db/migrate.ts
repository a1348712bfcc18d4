import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database.js';

export interface MigrationSource {
  /** 'platform' (what hosted Supabase provides: roles, auth, storage) or 'project' (supabase/migrations). */
  name: string;
  dir: string;
}

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    override readonly cause: unknown,
  ) {
    super(`Migration ${file} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'MigrationError';
  }
}

const LEDGER = `
create schema if not exists _appforge;
create table if not exists _appforge.migrations (
  source text not null,
  name text not null,
  checksum text not null,
  applied_at timestamptz not null default now(),
  primary key (source, name)
);`;

/** The lock every process takes before changing the schema (several may start at once). */
const SCHEMA_LOCK = 'select pg_advisory_xact_lock(7412305001)';

/** Runs idempotent DDL (create … if not exists) in a transaction that holds the schema lock. */
export async function execSerialised(db: Database, sql: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(SCHEMA_LOCK);
    await tx.exec(sql);
  });
}

/**
 * Applies every *.sql file of each source in name order, each in its own transaction, recording
 * it in a ledger so a restart applies only what is new. The first failure stops and names the file.
 */
export async function applyMigrations(
  db: Database,
  sources: readonly MigrationSource[],
  onApplied: (source: string, file: string) => void = () => undefined,
): Promise<{ applied: string[] }> {
  await execSerialised(db, LEDGER);
  const applied: string[] = [];
  for (const source of sources) {
    const files = (await readdir(source.dir)).filter((file) => file.endsWith('.sql')).sort();
    const done = await db.query<{ name: string }>(
      'select name from _appforge.migrations where source = $1',
      [source.name],
    );
    const seen = new Set(done.rows.map((row) => row.name));
    for (const file of files) {
      if (seen.has(file)) continue;
      const sql = await readFile(join(source.dir, file), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      let appliedHere = true;
      try {
        await db.transaction(async (tx) => {
          // Several processes starting at once on one PostgreSQL: one applies each file, the others
          // wait for it here and then find it in the ledger.
          await tx.query(SCHEMA_LOCK);
          const already = await tx.query('select 1 from _appforge.migrations where source = $1 and name = $2', [source.name, file]);
          if (already.rowCount > 0) {
            appliedHere = false;
            return;
          }
          await tx.exec(sql);
          await tx.query(
            'insert into _appforge.migrations (source, name, checksum) values ($1, $2, $3)',
            [source.name, file, checksum],
          );
        });
      } catch (error) {
        throw new MigrationError(join(source.dir, file), error);
      }
      if (!appliedHere) continue;
      applied.push(`${source.name}/${file}`);
      onApplied(source.name, file);
    }
  }
  return { applied };
}
