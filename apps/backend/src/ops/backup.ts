// Backups of the embedded backend's data. PGlite: the whole DATA_DIR (database, stored files,
// dev inbox) as a .tar.gz, taken while no backend runs on it (the data-dir lock proves it; PGlite
// has no second connection to copy through while one runs). PostgreSQL: pg_dump's custom format of
// DATABASE_URL, restored by pg_restore (the stored files under DATA_DIR/storage are copied apart).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { BackendConfig } from '../env.js';
import { openPglite } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';
import { JOB_SCHEMA } from '../jobs/queue.js';

const DEBIAN_PG_BIN = '/usr/lib/postgresql/15/bin';

export class BackupError extends Error {
  override name = 'BackupError';
}

function run(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new BackupError(`${command} could not start: ${error.message}`, { cause: error })));
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** pg_dump / pg_restore from PATH, else Debian's PostgreSQL 15. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const debian = join(DEBIAN_PG_BIN, name);
  return existsSync(debian) ? debian : name;
}

/**
 * Runs fn holding the data-dir lock (so no backend can start there; DataDirLockedError while one
 * runs), after a checkpoint has written everything to the data files; nothing writes meanwhile.
 */
async function withStoppedPglite(dataDir: string, fn: () => Promise<void>): Promise<void> {
  const db = await openPglite(dataDir);
  try {
    await db.query('checkpoint');
    await fn();
  } finally {
    await db.close();
  }
}

export async function backup(config: Pick<BackendConfig, 'databaseUrl' | 'dataDir'>, file: string): Promise<{ kind: 'pglite' | 'postgres'; file: string }> {
  const target = resolve(file);
  mkdirSync(dirname(target), { recursive: true });
  if (config.databaseUrl) {
    await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`, `--dbname=${config.databaseUrl}`]);
    return { kind: 'postgres', file: target };
  }
  const dataDir = resolve(config.dataDir);
  if (!existsSync(join(dataDir, 'pgdata'))) throw new BackupError(`There is no Appforge database in ${dataDir}`);
  await withStoppedPglite(dataDir, () => run('tar', ['--exclude=./appforge.lock', '-C', dataDir, '-czf', target, '.']));
  return { kind: 'pglite', file: target };
}

export async function restore(
  config: Pick<BackendConfig, 'databaseUrl' | 'dataDir'>,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ kind: 'pglite' | 'postgres' }> {
  const source = resolve(file);
  if (!existsSync(source)) throw new BackupError(`No backup at ${source}`);
  if (config.databaseUrl) {
    // The job queue's tables are partitions whose keys pg_restore --clean cannot drop one by one
    // ("cannot drop inherited constraint"): the schema goes first, whole; the backup brings it back.
    const db = openPostgres(config.databaseUrl, { max: 1 });
    try {
      await db.exec(`drop schema if exists ${JOB_SCHEMA} cascade`);
    } finally {
      await db.close();
    }
    await run(pgTool('pg_restore'), ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', `--dbname=${config.databaseUrl}`, source]);
    return { kind: 'postgres' };
  }
  const dataDir = resolve(config.dataDir);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!options.force) throw new BackupError(`${dataDir} is not empty: pass --force to replace it with the backup`);
    // Refuses (DataDirLockedError) while a backend runs on it.
    if (existsSync(join(dataDir, 'pgdata'))) await withStoppedPglite(dataDir, () => Promise.resolve());
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true });
  await run('tar', ['-C', dataDir, '-xzf', source]);
  return { kind: 'pglite' };
}
