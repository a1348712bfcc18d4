import type { JWTPayload } from 'jose';
import type { DbRole } from '../db/request-context.js';
import { JwtError } from '../jwt.js';
import type { JwtFailure, JwtService } from '../jwt.js';

export interface Caller {
  role: DbRole;
  claims: JWTPayload & Record<string, unknown>;
  /** The user id (`sub`) for user tokens; undefined for the anon and service-role keys. */
  userId: string | undefined;
}

export type CallerResult = { ok: true; caller: Caller } | { ok: false; reason: JwtFailure | 'missing' | 'role' };

const ROLES: readonly DbRole[] = ['anon', 'authenticated', 'service_role'];

/**
 * Who is calling, from `Authorization: Bearer <jwt>` (falling back to the `apikey` header, as the
 * hosted gateway does). A bad or expired token is an error — never silently downgraded to anon.
 */
export async function resolveCaller(
  jwt: JwtService,
  headers: { authorization?: string | undefined; apikey?: string | undefined },
): Promise<CallerResult> {
  const bearer = /^bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
  const token = bearer ?? headers.apikey?.trim();
  if (!token) return { ok: false, reason: 'missing' };
  let claims: JWTPayload;
  try {
    claims = await jwt.verify(token);
  } catch (error) {
    if (error instanceof JwtError) return { ok: false, reason: error.reason };
    throw error;
  }
  const role = claims.role;
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
    return { ok: false, reason: 'role' };
  }
  return {
    ok: true,
    caller: {
      role: role as DbRole,
      claims,
      userId: role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : undefined,
    },
  };
}
