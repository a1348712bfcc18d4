import type { Database, Queryable, Statement } from './database.js';

export type DbRole = 'anon' | 'authenticated' | 'service_role';

/** What PostgREST puts into every request's transaction (supabase-wire §2.11). */
export interface RequestContext {
  role: DbRole;
  /** The verified JWT payload; `role` is overwritten with the effective role. */
  claims: Record<string, unknown>;
  /** Request headers with lower-cased names, cookie excluded. */
  headers: Record<string, string>;
  method: string;
  /** Path without the service prefix, e.g. `/todos` for `/rest/v1/todos`. */
  path: string;
  /** READ ONLY transaction (GET/HEAD). */
  readOnly: boolean;
  statementTimeoutMs?: number;
  /** Extra schemas for search_path before `extensions`; default ['public']. */
  schemas?: readonly string[];
}

/**
 * Runs fn in one transaction as the caller: SET LOCAL ROLE and the request.* settings, so that
 * row-level security policies (auth.uid(), auth.jwt()) decide what the caller sees.
 */
export function withRequestContext<T>(
  db: Database,
  ctx: RequestContext,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(fn, { prelude: requestContextPrelude(ctx) });
}

const PRELUDE_SQL = `select set_config('search_path', $1, true),
       set_config('statement_timeout', $2, true),
       set_config('role', $3, true),
       set_config('request.jwt.claims', $4, true),
       set_config('request.headers', $5, true),
       set_config('request.method', $6, true),
       set_config('request.path', $7, true),
       set_config('transaction_read_only', $8, true)`;

/**
 * The settings as one parameterised statement. It must run as a statement of its own before the
 * caller's: Postgres applies row-level security policies and table privileges for the role that
 * is current when a statement is planned and started, so a set_config('role', …) inside the same
 * statement would come too late. The adapters pipeline it with BEGIN and the first query instead.
 */
export function requestContextPrelude(ctx: RequestContext): Statement {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(ctx.headers)) {
    const lower = name.toLowerCase();
    if (lower !== 'cookie') headers[lower] = value;
  }
  const searchPath = [...(ctx.schemas ?? ['public']), 'extensions']
    .map((schema) => `"${schema.replaceAll('"', '""')}"`)
    .join(', ');
  return {
    sql: PRELUDE_SQL,
    params: [
      searchPath,
      `${ctx.statementTimeoutMs ?? 8000}ms`,
      ctx.role,
      JSON.stringify({ ...ctx.claims, role: ctx.role }),
      JSON.stringify(headers),
      ctx.method.toUpperCase(),
      ctx.path,
      // One statement instead of a separate SET TRANSACTION: the setting is enforced the same.
      ctx.readOnly ? 'on' : 'off',
    ],
  };
}
