import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type { Database, QueryResult, Queryable } from './database.js';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Appforge backend (pid ${pid}). Stop it, or set DATA_DIR to another folder.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Directories this process holds open (a lock file with our own pid may also be stale: pid 1 in containers). */
const heldHere = new Set<string>();

/** PGlite has no cross-process lock, so two servers on one directory would corrupt it. */
function acquireLock(dataDir: string): () => void {
  const lockPath = join(dataDir, 'appforge.lock');
  if (heldHere.has(lockPath)) throw new DataDirLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(lockPath);
      return () => {
        heldHere.delete(lockPath);
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isFinite(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      // A stale lock left by a process that died (kill -9): take it over.
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await q.query<R>(sql, params as unknown[]);
      return {
        rows: result.rows,
        // PGlite reports affectedRows 0 for SELECT; node-postgres counts returned rows, so do the same.
        rowCount: Math.max(result.affectedRows ?? 0, result.rows.length),
        fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
      };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

export interface PgliteDatabase extends Database {
  /** A tarball of the whole cluster (roles, schemas, data): reopen it with `{ loadDataDir }`. */
  dumpDataDir(): Promise<Blob>;
}

export interface PgliteOptions {
  /** Start from a dump made by dumpDataDir() instead of an empty cluster (in-memory only). */
  loadDataDir?: Blob;
}

/** Opens PGlite persisted under dataDir, or in memory when dataDir is 'memory://'. */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<PgliteDatabase> {
  const inMemory = dataDir.startsWith('memory://');
  let release = (): void => undefined;
  let path: string | undefined;
  if (!inMemory) {
    path = resolve(dataDir);
    mkdirSync(path, { recursive: true });
    release = acquireLock(path);
  }
  let db: PGlite;
  try {
    db = await PGlite.create({
      ...(path ? { dataDir: join(path, 'pgdata') } : {}),
      ...(!path && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pgcrypto, uuid_ossp },
    });
  } catch (error) {
    release();
    throw error;
  }
  const base = wrap(db);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    dumpDataDir: () => db.dumpDataDir('none'),
    async listen(channel, onPayload) {
      const unsubscribe = await db.listen(channel, onPayload);
      return unsubscribe;
    },
    async close() {
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
}
