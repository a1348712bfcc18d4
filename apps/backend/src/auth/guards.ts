import type { Context } from 'hono';
import type { JWTPayload } from 'jose';
import { JwtError } from '../jwt.js';
import type { AuthContext } from './context.js';
import { isUuid } from './context.js';
import { errors } from './errors.js';
import * as repo from './repository.js';
import type { SessionRow, UserRow } from './repository.js';

function bearer(c: Context): string | undefined {
  return /^bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
}

async function verify(ctx: AuthContext, token: string): Promise<JWTPayload> {
  try {
    return await ctx.jwt.verify(token);
  } catch (error) {
    if (error instanceof JwtError) {
      throw errors.badJwt(error.reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid');
    }
    throw error;
  }
}

export interface UserCaller {
  user: UserRow;
  session: SessionRow;
  claims: JWTPayload & Record<string, unknown>;
}

/**
 * A user's access token (**B** endpoints of supabase-wire §1.8): valid signature, a user that
 * exists and a session that still exists — a signed-out token is refused with session_not_found.
 */
export async function requireUser(ctx: AuthContext, c: Context): Promise<UserCaller> {
  const token = bearer(c);
  if (!token) throw errors.noAuthorization();
  const claims = (await verify(ctx, token)) as JWTPayload & Record<string, unknown>;
  if (typeof claims.sub !== 'string' || claims.sub === '') throw errors.missingSub();
  if (!isUuid(claims.sub)) throw errors.badJwt('invalid claim: sub claim must be a UUID', 400);
  const sessionId = claims.session_id;
  if (!isUuid(sessionId)) throw errors.sessionNotFound();
  const [session, user] = await Promise.all([repo.findSession(ctx.db, sessionId), repo.findUserById(ctx.db, claims.sub)]);
  if (!user || user.deleted_at) throw errors.userNotFound();
  if (!session || session.user_id !== user.id) throw errors.sessionNotFound();
  return { user, session, claims };
}

/** The service-role key (or a token with role service_role / supabase_admin). */
export async function requireAdmin(ctx: AuthContext, authorization: string | undefined): Promise<void> {
  const token = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!token) throw errors.noAuthorization();
  const claims = await verify(ctx, token);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw errors.notAdmin();
}
