import type { JWTPayload } from 'jose';
import type { Database, Queryable } from '../db/database.js';
import type { DbRole } from '../db/request-context.js';
import { JwtError } from '../jwt.js';
import type { JwtService } from '../jwt.js';

/** Who a channel acts as: its token's role and claims, as RLS policies see them. */
export interface Identity {
  role: DbRole;
  claims: Record<string, unknown>;
  /** Seconds since the epoch when the token expires. */
  exp: number;
  token: string;
  /** Equal for tokens that RLS cannot tell apart (same role and claims but iat/exp). */
  key: string;
}

const ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'];

export class TokenError extends Error {}

/** Verifies a realtime token as Supabase Realtime does: a valid signature, `role` and `exp`. */
export async function identityOf(jwt: JwtService, token: string): Promise<Identity> {
  let claims: JWTPayload;
  try {
    claims = await jwt.verify(token);
  } catch (error) {
    if (error instanceof JwtError) {
      throw new TokenError(error.reason === 'expired' ? 'InvalidJWTToken: Token has expired' : 'InvalidJWTToken: Invalid token');
    }
    throw error;
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    throw new TokenError('InvalidJWTToken: Fields `role` and `exp` are required in JWT');
  }
  if (!ROLES.includes(claims.role)) throw new TokenError(`InvalidJWTToken: unknown role ${claims.role}`);
  const { iat: _iat, exp: _exp, ...rest } = claims;
  return {
    role: claims.role as DbRole,
    claims,
    exp: claims.exp,
    token,
    key: `${claims.role}:${JSON.stringify(rest)}`,
  };
}

const AS_SQL = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('realtime.topic', $3, true)`;

/** Makes the following statements of tx run as identity (row-level security applies). */
export async function actAs(tx: Queryable, identity: Identity, topic = ''): Promise<void> {
  await tx.query(AS_SQL, [identity.role, JSON.stringify({ ...identity.claims, role: identity.role }), topic]);
}

class Rollback extends Error {}

/** Runs fn in a transaction that is always rolled back. */
export async function inRolledBackTransaction<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let result: T | undefined;
  let done = false;
  try {
    await db.transaction(async (tx) => {
      result = await fn(tx);
      done = true;
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (!done) throw new Error('transaction did not run');
  return result as T;
}
