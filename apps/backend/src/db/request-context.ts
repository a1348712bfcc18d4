import type { Database, Queryable } from './database.js';

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
  return db.transaction(async (tx) => {
    const headers = Object.fromEntries(
      Object.entries(ctx.headers)
        .map(([name, value]) => [name.toLowerCase(), value] as const)
        .filter(([name]) => name !== 'cookie'),
    );
    const searchPath = [...(ctx.schemas ?? ['public']), 'extensions']
      .map((schema) => `"${schema.replaceAll('"', '""')}"`)
      .join(', ');
    await tx.query(
      `select set_config('search_path', $1, true),
              set_config('statement_timeout', $2, true),
              set_config('role', $3, true),
              set_config('request.jwt.claims', $4, true),
              set_config('request.headers', $5, true),
              set_config('request.method', $6, true),
              set_config('request.path', $7, true),
              set_config('transaction_read_only', $8, true)`,
      [
        searchPath,
        `${ctx.statementTimeoutMs ?? 8000}ms`,
        ctx.role,
        JSON.stringify({ ...ctx.claims, role: ctx.role }),
        JSON.stringify(headers),
        ctx.method.toUpperCase(),
        ctx.path,
        // One round trip instead of a separate SET TRANSACTION: the setting is enforced the same.
        ctx.readOnly ? 'on' : 'off',
      ],
    );
    return fn(tx);
  });
}
