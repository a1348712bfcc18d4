/** What the server needs from Postgres, whichever engine is behind it. */
export interface QueryResult<R> {
  rows: R[];
  /** Rows returned, or affected by INSERT/UPDATE/DELETE. */
  rowCount: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface QueryOptions {
  /**
   * Nothing follows this statement in the transaction, and whatever it returns the transaction
   * commits (read-only work). Engines that pipeline send COMMIT along with it: one round trip.
   * A later query in the same transaction is refused.
   */
  final?: boolean;
}

export interface Queryable {
  /** One parameterised statement. */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** A statement with its parameters. */
export interface Statement {
  sql: string;
  params: readonly unknown[];
}

export interface TransactionOptions {
  /**
   * Runs first in the transaction (the request context's settings). It is sent together with
   * BEGIN and fn's first query, pipelined where the engine allows, so it costs no round trip of
   * its own; its failure fails that first query with the prelude's error.
   */
  prelude?: Statement;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN … COMMIT; any throw rolls back and is rethrown. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Subscribes to NOTIFY on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A Postgres error as both engines report it (SQLSTATE code and the server's words). */
export interface PgErrorLike {
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

export function isPgError(error: unknown): error is PgErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code) &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
