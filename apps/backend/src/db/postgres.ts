import pg from 'pg';
import { isPgError } from './database.js';
import type { Database, QueryOptions, QueryResult, Queryable, Statement } from './database.js';

function toResult<R>(result: pg.QueryResult): QueryResult<R> {
  return {
    rows: result.rows as R[],
    rowCount: result.rowCount ?? result.rows.length,
    fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
  };
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      return toResult<R>(await client.query(sql, params as unknown[]));
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

/** Statement texts that get a name (prepared once per connection); others go unnamed. */
const NAMED_STATEMENTS_MAX = 1000;
/** SQLSTATEs of a prepared statement gone stale under DDL (result type changed) or deallocated. */
const STALE_STATEMENT = new Set(['0A000', '26000']);

/**
 * Names for the request transactions' statements, as PostgREST prepares its own: each pooled
 * connection parses and plans a statement once and then only binds it. Postgres replans by itself
 * when a table changes, the role differs under row-level security, or search_path differs.
 */
class StatementNames {
  private readonly names = new Map<string, string>();
  name(sql: string): string | undefined {
    const known = this.names.get(sql);
    if (known !== undefined || this.names.size >= NAMED_STATEMENTS_MAX) return known;
    const name = `appforge_${this.names.size + 1}`;
    this.names.set(sql, name);
    return name;
  }
}

/** A pool on a real Postgres server (DATABASE_URL). */
export function openPostgres(connectionString: string, options: { max?: number } = {}): Database {
  // Pipeline mode: a query goes out without waiting for the previous answer on the connection, so
  // a request transaction's BEGIN, settings, statement and COMMIT share one round trip.
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, pipeline: true });
  // An idle client losing its connection must not crash the server.
  pool.on('error', () => undefined);
  const base = wrap(pool);
  // A LISTEN holds a pooled client; pool.end() would wait for it forever, so close releases them.
  const listeners = new Set<() => Promise<void>>();
  const statementNames = new StatementNames();
  return {
    kind: 'postgres',
    ...base,
    async transaction(fn, transactionOptions = {}) {
      if (transactionOptions.prelude) return pipelinedTransaction(pool, statementNames, fn, transactionOptions.prelude);
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const client = await pool.connect();
      const handler = (message: pg.Notification): void => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      };
      client.on('notification', handler);
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      let released = false;
      const unsubscribe = async (): Promise<void> => {
        if (released) return;
        released = true;
        listeners.delete(unsubscribe);
        client.off('notification', handler);
        await client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        client.release();
      };
      listeners.add(unsubscribe);
      return unsubscribe;
    },
    async close() {
      await Promise.all([...listeners].map((unsubscribe) => unsubscribe()));
      await pool.end();
    },
  };
}

/**
 * BEGIN and the prelude are sent at once and fn's first query right behind them, without waiting
 * for their answers (the pool's clients pipeline); a `final` query takes COMMIT along. The client
 * goes back to the pool only once every statement sent on it has been answered.
 */
async function pipelinedTransaction<T>(
  pool: pg.Pool,
  statementNames: StatementNames,
  fn: (tx: Queryable) => Promise<T>,
  prelude: Statement,
): Promise<T> {
  const client = await pool.connect();
  const sent: Promise<unknown>[] = [];
  let stale = false;
  const send = (sql: string, params?: readonly unknown[], unnamed = false): Promise<pg.QueryResult> => {
    const name = params && !unnamed ? statementNames.name(sql) : undefined;
    const promise = params
      ? client.query({ text: sql, values: params as unknown[], ...(name === undefined ? {} : { name }) })
      : client.query(sql);
    promise.catch((error: unknown) => {
      if (isPgError(error) && STALE_STATEMENT.has(error.code)) stale = true;
    });
    sent.push(promise);
    return promise;
  };
  let opening: Promise<unknown> | undefined = Promise.all([send('begin'), send(prelude.sql, prelude.params)]);
  let state: 'open' | 'done' = 'open';
  const tx: Queryable = {
    async query<R>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}): Promise<QueryResult<R>> {
      if (state === 'done') throw new Error('This transaction has already committed');
      const first = opening !== undefined;
      const main = send(sql, params);
      const commit = options.final ? send('commit') : undefined;
      if (commit) state = 'done';
      if (opening !== undefined) {
        const begun = opening;
        opening = undefined;
        // A failed prelude is the cause; the statement behind it only reports an aborted transaction.
        await begun;
      }
      let result: pg.QueryResult;
      try {
        result = await main;
      } catch (error) {
        if (!(first && isPgError(error) && STALE_STATEMENT.has(error.code))) throw error;
        // The statement's prepared plan went stale under DDL and the transaction had done nothing
        // but its settings: end it (a pipelined COMMIT already did) and run it again, unnamed.
        await (commit ?? send('rollback')).catch(() => undefined);
        await Promise.all([send('begin'), send(prelude.sql, prelude.params)]);
        const again = send(sql, params, true);
        const commitAgain = options.final ? send('commit') : undefined;
        result = await again;
        if (commitAgain) await commitAgain;
        return toResult<R>(result);
      }
      if (commit) await commit;
      return toResult<R>(result);
    },
    async exec(sql: string): Promise<void> {
      if (state === 'done') throw new Error('This transaction has already committed');
      await send(sql);
    },
  };
  try {
    const result = await fn(tx);
    if (opening !== undefined) await opening;
    if (state === 'open') {
      state = 'done';
      await send('commit');
    }
    return result;
  } catch (error) {
    // With a pipelined COMMIT already sent, an aborted transaction has ended (COMMIT rolls it back).
    if (state === 'open') {
      state = 'done';
      await send('rollback').catch(() => undefined);
    }
    throw error;
  } finally {
    await Promise.allSettled(sent);
    // A connection holding a stale prepared statement is closed: the pool opens a fresh one.
    client.release(stale);
  }
}
