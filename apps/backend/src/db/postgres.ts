import pg from 'pg';
import type { Database, QueryResult, Queryable } from './database.js';

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await client.query(sql, params as unknown[]);
      return {
        rows: result.rows as R[],
        rowCount: result.rowCount ?? result.rows.length,
        fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
      };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

/** A pool on a real Postgres server (DATABASE_URL). */
export function openPostgres(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the server.
  pool.on('error', () => undefined);
  const base = wrap(pool);
  // A LISTEN holds a pooled client; pool.end() would wait for it forever, so close releases them.
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    ...base,
    async transaction(fn) {
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
