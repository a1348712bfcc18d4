import pg from 'pg';
import { textParam } from './text-param.js';
import type { Database, QueryResult, Queryable, Statement } from './database.js';
import { isControl, isStaleStatement, runRequestTransaction } from './request-transaction.js';
import type { BatchRunner } from './request-transaction.js';

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
  // Pipeline mode: a query goes out without waiting for the previous answer on the connection. A
  // request transaction sends each round trip as one BatchQuery (settings, statement, and BEGIN or
  // COMMIT where needed, one Sync) either way.
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

/** Named statements each pooled connection has parsed (answered without error). */
const preparedOn = new WeakMap<pg.Connection, Set<string>>();

/**
 * Several statements as one node-postgres query: Parse (for a statement this connection has not
 * prepared yet) / Bind / Describe / Execute for each and a single Sync, so Postgres answers them
 * in one round trip and, without BEGIN, runs them as one implicit transaction (settings made with
 * set_config(…, true) last until it ends; an error rolls all of it back). A subclass of pg's own
 * Query, whose handlers collect one result per statement; pipeline mode accepts it as a query.
 */
class BatchQuery extends pg.Query {
  /** Statements this batch parsed under a name; prepared on the connection once it succeeds. */
  readonly fresh: string[] = [];

  constructor(
    private readonly statements: readonly { sql: string; params: readonly unknown[]; name: string | undefined }[],
    callback: (error: Error | undefined, results: unknown) => void,
  ) {
    super({ text: statements.map((statement) => statement.sql).join(';\n') }, callback);
  }

  override submit = (connection: pg.Connection): void => {
    const prepared = preparedOn.get(connection) ?? new Set<string>();
    preparedOn.set(connection, prepared);
    connection.stream.cork();
    try {
      for (const statement of this.statements) {
        const name = statement.name ?? '';
        if (name === '' || !prepared.has(name)) {
          connection.parse({ name, text: statement.sql, types: [] }, true);
          if (name !== '') this.fresh.push(name);
        }
        connection.bind({ portal: '', statement: name, values: statement.params.map(textParam) }, true);
        connection.describe({ type: 'P', name: '' }, true);
        connection.execute({ portal: '' }, true);
      }
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    this.connection = connection;
  };

  connection: pg.Connection | undefined;

  /** After success: the fresh names exist on this connection. */
  confirm(): void {
    if (!this.connection) return;
    const prepared = preparedOn.get(this.connection);
    for (const name of this.fresh) prepared?.add(name);
  }
}

/**
 * A request transaction (see runRequestTransaction) on one pooled connection, each batch one
 * node-postgres query. Statements are prepared per connection. A connection that may hold a
 * statement we did not see confirmed (a failed batch that parsed one), or one gone stale under
 * DDL, is closed on release.
 */
async function pipelinedTransaction<T>(
  pool: pg.Pool,
  statementNames: StatementNames,
  fn: (tx: Queryable) => Promise<T>,
  prelude: Statement,
): Promise<T> {
  const client = await pool.connect();
  let discard = false;
  const runner: BatchRunner = {
    run: (statements, unnamed = false) =>
      new Promise((resolve, reject) => {
        const named = statements.map((statement) => ({
          ...statement,
          name: unnamed || isControl(statement) ? undefined : statementNames.name(statement.sql),
        }));
        const batch: BatchQuery = new BatchQuery(named, (error, results) => {
          if (error) {
            if (batch.fresh.length > 0 || isStaleStatement(error)) discard = true;
            reject(error);
            return;
          }
          batch.confirm();
          resolve((Array.isArray(results) ? results : [results]).map((result) => toResult(result as pg.QueryResult)));
        });
        void client.query(batch);
      }),
    async exec(sql) {
      await client.query(sql);
    },
  };
  try {
    return await runRequestTransaction(runner, fn, prelude);
  } finally {
    client.release(discard);
  }
}
