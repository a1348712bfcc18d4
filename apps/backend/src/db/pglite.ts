import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite, protocol, types } from '@electric-sql/pglite';
import type { messages } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type { Database, QueryResult, Queryable, Statement, TransactionOptions } from './database.js';
import { isControl, isStaleStatement, runRequestTransaction } from './request-transaction.js';
import type { BatchRunner } from './request-transaction.js';
import { textParam } from './text-param.js';

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

/** Named statements kept per database (one PGlite session); the least recently used go beyond this. */
const STATEMENT_CACHE_SIZE = 500;
/**
 * Prepared statements for the batched path, as PostgREST prepares its own: Postgres parses and
 * plans a statement once per session and then only binds it (in PGlite, planning a short query
 * costs more than running it). Postgres replans a cached statement by itself when a table it
 * reads changes, when the role differs under row-level security, or when search_path differs.
 */
class StatementCache {
  private readonly names = new Map<string, string>();
  private counter = 0;
  /** Names whose Parse went out in a batch not yet answered without error. */
  private pending: string[] = [];
  /** Named statements to close in the next batch (evicted). */
  private closing: string[] = [];

  /** The statement's name, and whether this batch must Parse it. */
  lookup(sql: string): { name: string; parse: boolean } {
    const known = this.names.get(sql);
    if (known !== undefined) {
      // Map order is recency order: a hit moves to the back.
      this.names.delete(sql);
      this.names.set(sql, known);
      return { name: known, parse: false };
    }
    this.counter += 1;
    const name = `appforge_${this.counter}`;
    this.names.set(sql, name);
    this.pending.push(name);
    if (this.names.size > STATEMENT_CACHE_SIZE) {
      const [oldestSql, oldestName] = this.names.entries().next().value as [string, string];
      this.names.delete(oldestSql);
      this.closing.push(oldestName);
    }
    return { name, parse: true };
  }

  /** Close messages for evicted statements, sent ahead of the next batch's own messages. */
  takeClosing(): string[] {
    const names = this.closing;
    this.closing = [];
    return names;
  }

  /** The batch was answered: its new statements exist in the session. */
  confirm(): void {
    this.pending = [];
  }

  /**
   * The batch failed: Postgres skipped every message after the error, so a new statement may
   * not exist. Forget them and close them (closing a name that does not exist is no error).
   */
  abandon(): string[] {
    const abandoned = new Set(this.pending);
    this.pending = [];
    for (const [sql, name] of this.names) if (abandoned.has(name)) this.names.delete(sql);
    return [...abandoned];
  }

  /** Every statement is suspect (DDL changed a result type, or something deallocated them). */
  clear(): string[] {
    const all = [...this.names.values(), ...this.closing];
    this.names.clear();
    this.pending = [];
    this.closing = [];
    return all;
  }
}

/**
 * Bind/Describe/Execute for each statement (Parse first when its named statement is new) and one
 * Sync: a whole batch in one call into Postgres. Transaction control (and a retry) goes unnamed.
 */
function batchMessage(statements: readonly Statement[], cache: StatementCache, unnamed: boolean): Uint8Array {
  const parts: Uint8Array[] = cache.takeClosing().map((name) => protocol.serialize.close({ type: 'S', name }));
  for (const statement of statements) {
    const { name, parse } = unnamed || isControl(statement) ? { name: '', parse: true } : cache.lookup(statement.sql);
    // No parameter types: Postgres infers them and reads the text, exactly as node-postgres binds.
    if (parse) parts.push(protocol.serialize.parse({ name, text: statement.sql }));
    parts.push(
      protocol.serialize.bind({ statement: name, values: statement.params.map(textParam) }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
    );
  }
  parts.push(protocol.serialize.sync());
  return concat(parts);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** Splits a batch's answer into one result per statement, values parsed as PGlite's query() parses them. */
function batchResults(db: PGlite, answer: readonly messages.BackendMessage[]): QueryResult<unknown>[] {
  const results: QueryResult<unknown>[] = [];
  let fields: { name: string; dataTypeID: number }[] = [];
  let rows: unknown[] = [];
  for (const message of answer) {
    if (message.name === 'rowDescription') {
      fields = (message as messages.RowDescriptionMessage).fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    } else if (message.name === 'dataRow') {
      const values = (message as messages.DataRowMessage).fields;
      const row: Record<string, unknown> = {};
      fields.forEach((field, index) => {
        row[field.name] = types.parseType(values[index] ?? null, field.dataTypeID, db.parsers);
      });
      rows.push(row);
    } else if (message.name === 'commandComplete' || message.name === 'emptyQuery') {
      const tag = message.name === 'commandComplete' ? (message as messages.CommandCompleteMessage).text.split(' ') : [];
      const affected = COUNTED.has(tag[0] ?? '') ? Number.parseInt(tag[tag.length - 1] ?? '0', 10) : 0;
      results.push({ rows, rowCount: Math.max(affected, rows.length), fields });
      fields = [];
      rows = [];
    }
  }
  return results;
}

/** Sends one batch; on failure forgets (and closes) the statements it introduced. */
async function sendBatch(db: PGlite, cache: StatementCache, statements: readonly Statement[], unnamed = false): Promise<QueryResult<unknown>[]> {
  try {
    const { messages: answer } = await db.execProtocol(batchMessage(statements, cache, unnamed), { syncToFs: false });
    cache.confirm();
    return batchResults(db, answer);
  } catch (error) {
    const names = isStaleStatement(error) ? cache.clear() : cache.abandon();
    if (names.length > 0) {
      const close = concat([...names.map((name) => protocol.serialize.close({ type: 'S', name })), protocol.serialize.sync()]);
      await db.execProtocol(close, { syncToFs: false }).catch(() => undefined);
    }
    throw error;
  }
}

/**
 * A request transaction (see runRequestTransaction) on PGlite's one session, in batches of
 * prepared statements, holding PGlite's transaction and query locks throughout as PGlite's own
 * transaction() does.
 */
async function batchedTransaction<T>(
  db: PGlite,
  cache: StatementCache,
  fn: (tx: Queryable) => Promise<T>,
  prelude: Statement,
): Promise<T> {
  const runner: BatchRunner = {
    run: (statements, unnamed) => sendBatch(db, cache, statements, unnamed),
    async exec(sql) {
      // PGlite's exec() would wait for the lock this transaction holds.
      await db.execProtocol(protocol.serialize.query(sql), { syncToFs: false });
    },
  };
  return db._runExclusiveTransaction(() =>
    db._runExclusiveQuery(async () => {
      try {
        return await runRequestTransaction(runner, fn, prelude);
      } finally {
        await db.syncToFs();
      }
    }),
  );
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
  const statements = new StatementCache();
  return {
    kind: 'pglite',
    ...base,
    transaction: <T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> =>
      options.prelude ? batchedTransaction(db, statements, fn, options.prelude) : db.transaction((tx) => fn(wrap(tx))),
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
