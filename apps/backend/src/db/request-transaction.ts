import { isPgError } from './database.js';
import type { QueryOptions, QueryResult, Queryable, Statement } from './database.js';

export const BEGIN: Statement = { sql: 'begin', params: [] };
export const COMMIT: Statement = { sql: 'commit', params: [] };
export const ROLLBACK: Statement = { sql: 'rollback', params: [] };

/** Transaction control goes unnamed: there is nothing to plan. */
export function isControl(statement: Statement): boolean {
  return statement === BEGIN || statement === COMMIT || statement === ROLLBACK;
}

/** SQLSTATEs of a prepared statement gone stale: its result type changed under DDL, or it was deallocated. */
export const STALE_STATEMENT = new Set(['0A000', '26000']);

export function isStaleStatement(error: unknown): boolean {
  return isPgError(error) && STALE_STATEMENT.has(error.code);
}

/** What an adapter provides on the one session or connection a request transaction holds. */
export interface BatchRunner {
  /**
   * The statements as one batch with a single Sync: one round trip, one result per statement.
   * `unnamed` sends them without prepared statement names (the retry after a stale one).
   */
  run(statements: readonly Statement[], unnamed?: boolean): Promise<QueryResult<unknown>[]>;
  /** Several statements without parameters, in the simple-query protocol. */
  exec(sql: string): Promise<void>;
}

/**
 * A request transaction, each step one round trip, the same on every adapter. A `final` first
 * query goes out with the prelude alone: the extended protocol runs everything up to Sync as one
 * implicit transaction (set_config(…, true) lasts until it ends, an error rolls all of it back),
 * so BEGIN and COMMIT cost nothing. Otherwise BEGIN, the prelude and the first query go together,
 * COMMIT with a later `final` query or at the end, ROLLBACK after a failure. The first batch
 * changes nothing when it fails, so a statement gone stale under DDL is run again once, unnamed.
 */
export async function runRequestTransaction<T>(runner: BatchRunner, fn: (tx: Queryable) => Promise<T>, prelude: Statement): Promise<T> {
  // An object, not a let: TypeScript would narrow a let across the awaits below.
  const status: { state: 'idle' | 'open' | 'done' } = { state: 'idle' };
  const runFirst = (statements: readonly Statement[]): Promise<QueryResult<unknown>[]> =>
    runner.run(statements).catch((error: unknown) => {
      if (isStaleStatement(error)) return runner.run(statements, true);
      throw error;
    });
  const tx: Queryable = {
    async query<R>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}): Promise<QueryResult<R>> {
      if (status.state === 'done') throw new Error('This transaction has already committed');
      const statement = { sql, params };
      if (status.state === 'idle' && options.final) {
        status.state = 'done';
        const results = await runFirst([prelude, statement]);
        return results[1] as QueryResult<R>;
      }
      if (status.state === 'idle') {
        status.state = 'open';
        const results = await runFirst([BEGIN, prelude, statement]);
        return results[2] as QueryResult<R>;
      }
      const results = await runner.run(options.final ? [statement, COMMIT] : [statement]);
      if (options.final) status.state = 'done';
      return results[0] as QueryResult<R>;
    },
    async exec(sql: string): Promise<void> {
      if (status.state === 'done') throw new Error('This transaction has already committed');
      if (status.state === 'idle') {
        status.state = 'open';
        await runFirst([BEGIN, prelude]);
      }
      await runner.exec(sql);
    },
  };
  try {
    const result = await fn(tx);
    if (status.state === 'open') {
      status.state = 'done';
      await runner.run([COMMIT]);
    }
    return result;
  } catch (error) {
    // An explicit transaction that failed is aborted until ROLLBACK; an implicit one has ended.
    if (status.state === 'open') {
      status.state = 'done';
      await runner.run([ROLLBACK]).catch(() => undefined);
    }
    throw error;
  }
}
