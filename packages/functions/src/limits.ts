// The one rate-limit module of Appforge: every limit (auth mail and sign-in tries, run limits, API
// keys, join-code tries, bundle caps…) takes its points here, from rate-limiter-flexible's
// PostgreSQL store, so that every backend process and every Edge isolate on one database share the
// same counters. The counters live in appforge_internal.rate_limit (supabase/migrations/
// 20261125001000_rate_limits.sql), reached through any client that runs a parameterised statement:
// node-postgres (a Pool on DATABASE_URL, or on SUPABASE_DB_URL in an Edge Function) or the embedded
// backend's Database (PGlite or PostgreSQL).
//
//   const tries = ctx.limits.limiter({ name: 'join-code', points: 10, durationSeconds: 600 });
//   const decision = await tries.consume(`user:${userId}`);
//   if (!decision.ok) return errorResponse(429, 'rate_limited', `Try again in ${decision.retryAfterSeconds} s`);
import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

/** A named allowance: `points` per `durationSeconds` for each key. */
export interface LimitRule {
  /** Distinguishes the counters of this rule from every other's (`run-visitor`, `send-ip`…). */
  name: string;
  points: number;
  durationSeconds: number;
}

export type LimitDecision =
  | { ok: true; remainingPoints: number }
  | { ok: false; retryAfterSeconds: number };

export interface Limiter {
  readonly rule: LimitRule;
  /** Takes `points` (default 1) from the key's allowance for the current window. */
  consume(key: string, points?: number): Promise<LimitDecision>;
  /** Forgets the key's counter (after a successful sign-in, say). */
  reset(key: string): Promise<void>;
}

export interface Limits {
  /** The limiter for a rule; the same rule (name, points, duration) gives the same limiter. */
  limiter(rule: LimitRule): Limiter;
  /** Where the counters live: 'postgres' (shared) or 'memory' (this process only: unit tests). */
  readonly store: 'postgres' | 'memory';
}

/** What the store needs from a Postgres client: node-postgres's Pool/Client and the backend's Database fit. */
export interface LimitSqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export const LIMIT_SCHEMA = 'appforge_internal';
export const LIMIT_TABLE = 'rate_limit';

/**
 * The table the counters live in, idempotent: the migration creates it on hosted Supabase and the
 * embedded backend runs it again at start (it also serves projects with their own MIGRATIONS_DIR).
 * Not exposed by the data API (its own schema, no grants) and deny-by-default under RLS.
 */
export const LIMIT_TABLE_SQL = `
create schema if not exists ${LIMIT_SCHEMA};
revoke all on schema ${LIMIT_SCHEMA} from public;
create table if not exists ${LIMIT_SCHEMA}.${LIMIT_TABLE} (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
alter table ${LIMIT_SCHEMA}.${LIMIT_TABLE} enable row level security;
create index if not exists ${LIMIT_TABLE}_expire_idx on ${LIMIT_SCHEMA}.${LIMIT_TABLE} (expire);
`;

/** rate-limiter-flexible stores `${name}:${key}` in a varchar(255): longer keys are hashed. */
const MAX_KEY = 200;

function storedKey(key: string): string {
  return key.length <= MAX_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

function ruleId(rule: LimitRule): string {
  return `${rule.name}/${rule.points}/${rule.durationSeconds}`;
}

function validRule(rule: LimitRule): LimitRule {
  if (!/^[a-z0-9][a-z0-9_.-]{0,40}$/.test(rule.name)) throw new Error(`Bad limit name ${JSON.stringify(rule.name)}`);
  if (!Number.isInteger(rule.points) || rule.points < 1) throw new Error(`Limit ${rule.name}: points must be a positive integer`);
  if (!Number.isInteger(rule.durationSeconds) || rule.durationSeconds < 1) {
    throw new Error(`Limit ${rule.name}: durationSeconds must be a positive integer`);
  }
  return Object.freeze({ ...rule });
}

function wrap(rule: LimitRule, engine: RateLimiterAbstract): Limiter {
  return {
    rule,
    async consume(key, points = 1) {
      try {
        const res = await engine.consume(storedKey(key), points);
        return { ok: true, remainingPoints: res.remainingPoints };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      }
    },
    async reset(key) {
      await engine.delete(storedKey(key));
    },
  };
}

function cachedLimits(store: Limits['store'], build: (rule: LimitRule) => RateLimiterAbstract): Limits {
  const byRule = new Map<string, Limiter>();
  return {
    store,
    limiter(input) {
      const id = ruleId(input);
      let found = byRule.get(id);
      if (!found) {
        const rule = validRule(input);
        found = wrap(rule, build(rule));
        byRule.set(id, found);
      }
      return found;
    },
  };
}

/** The node-postgres query shape rate-limiter-flexible sends, passed to a `query(text, values)` client. */
function storeClient(sql: LimitSqlClient): { query(q: { text: string; values?: unknown[] }): Promise<{ rows: unknown[] }> } {
  return { query: (q) => sql.query(q.text, q.values ?? []) };
}

/**
 * Limits shared by every process on one database: rate-limiter-flexible's RateLimiterPostgres on
 * appforge_internal.rate_limit (which must exist: LIMIT_TABLE_SQL, or the migration). Expired rows
 * are deleted by the store's own sweep every five minutes.
 */
export function postgresLimits(sql: LimitSqlClient): Limits {
  const client = storeClient(sql);
  return cachedLimits('postgres', (rule) =>
    new RateLimiterPostgres({
      storeClient: client,
      storeType: 'client',
      schemaName: LIMIT_SCHEMA,
      tableName: LIMIT_TABLE,
      tableCreated: true,
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.durationSeconds,
    }),
  );
}

/** Counters in this process's memory: for unit tests of handlers only; never for a server. */
export function memoryLimits(): Limits {
  return cachedLimits('memory', (rule) =>
    new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds }),
  );
}
