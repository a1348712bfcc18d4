// Sessions, access tokens (claims of supabase-wire §1.7) and refresh-token rotation (§1.10).
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { Queryable } from '../db/database.js';
import type { AuthContext } from './context.js';
import { newRefreshToken, sha256Hex } from './crypto.js';
import { errors } from './errors.js';
import * as repo from './repository.js';
import type { Json, SessionRow, UserRow } from './repository.js';
import { userJson } from './serialize.js';

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Json;
  provider_token?: string;
  provider_refresh_token?: string;
  weak_password?: { message: string; reasons: string[] };
}

export async function loadUserJson(q: Queryable, user: UserRow): Promise<Json> {
  const { identities, factors, phoneChange } = await repo.userRelations(q, user.id);
  return userJson(user, identities, factors, phoneChange);
}

type Amr = { method: string; at: Date }[];

export async function accessToken(
  ctx: AuthContext,
  q: Queryable,
  user: UserRow,
  session: Pick<SessionRow, 'id' | 'aal'>,
  knownAmr?: Amr,
): Promise<{ token: string; expiresAt: number }> {
  const amr = knownAmr ?? (await repo.amrClaims(q, session.id));
  const token = await ctx.jwt.sign(
    {
      iss: ctx.jwt.issuer,
      sub: user.id,
      aud: user.aud,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: user.role,
      aal: session.aal,
      amr: amr.map((claim) => ({ method: claim.method, timestamp: Math.floor(claim.at.getTime() / 1000) })),
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    },
    ctx.config.jwtExpiry,
  );
  // The signer sets iat and exp from one clock reading; report exactly the exp it wrote.
  const exp = decodeJwt(token).exp;
  return { token, expiresAt: exp ?? Math.floor(Date.now() / 1000) + ctx.config.jwtExpiry };
}

/**
 * What a transaction that signs someone in hands back: everything needed to answer, so that the
 * JWT signing and the user JSON happen after COMMIT and the transaction stays short (PGlite runs
 * one transaction at a time).
 */
export interface PendingSession {
  user: UserRow;
  session: Pick<SessionRow, 'id' | 'aal'>;
  refreshToken: string;
  amr: Amr;
  providerToken?: string | null;
  providerRefreshToken?: string | null;
}

/** Turns a committed PendingSession into the token response (supabase-wire §1.5). */
export async function completeSession(ctx: AuthContext, pending: PendingSession): Promise<SessionResponse> {
  const [{ token, expiresAt }, user] = await Promise.all([
    accessToken(ctx, ctx.db, pending.user, pending.session, pending.amr),
    loadUserJson(ctx.db, pending.user),
  ]);
  const response: SessionResponse = {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: pending.refreshToken,
    user,
  };
  if (pending.providerToken) response.provider_token = pending.providerToken;
  if (pending.providerRefreshToken) response.provider_refresh_token = pending.providerRefreshToken;
  return response;
}

export interface SignInMeta {
  /** AMR method recorded on the session: password, otp, oauth, … */
  method: string;
  ip: string;
  userAgent: string | undefined;
}

/** Creates a session for the user inside the caller's transaction; answer with completeSession after COMMIT. */
export async function startSession(q: Queryable, user: UserRow, meta: SignInMeta): Promise<PendingSession> {
  if (user.banned_until && user.banned_until.getTime() > Date.now()) throw errors.userBanned();
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  const { user: signedIn, amrAt } = await repo.insertSessionWithToken(q, {
    sessionId,
    userId: user.id,
    userAgent: meta.userAgent ?? null,
    ip: meta.ip,
    method: meta.method,
    tokenHash: sha256Hex(refreshToken),
  });
  return { user: signedIn, session: { id: sessionId, aal: 'aal1' }, refreshToken, amr: [{ method: meta.method, at: amrAt }] };
}

/**
 * Swaps the session's newest live refresh token for a child (used after MFA verification, so the
 * client receives a fresh pair for the same session_id without breaking tabs holding the old one).
 */
export async function reissueForSession(q: Queryable, user: UserRow, session: SessionRow): Promise<PendingSession> {
  const current = await q.query<{ id: string; token: string }>(
    `select id::text as id, token from auth.refresh_tokens where session_id = $1 and revoked = false
     order by id desc limit 1 for update`,
    [session.id],
  );
  const parent = current.rows[0];
  if (parent) await repo.revokeRefreshToken(q, parent.id);
  const refreshToken = newRefreshToken();
  await repo.insertRefreshToken(q, {
    hash: sha256Hex(refreshToken),
    userId: user.id,
    sessionId: session.id,
    parentHash: parent?.token ?? null,
  });
  await repo.touchSession(q, session.id);
  return { user, session, refreshToken, amr: await repo.amrClaims(q, session.id) };
}

type RefreshOutcome = { ok: true; pending: PendingSession } | { ok: false; error: Error };

/**
 * refresh_token grant: rotation; a revoked token is accepted when it is the parent of the live
 * one (the client lost the previous answer) or was revoked within the reuse window; any other
 * reuse revokes the whole family (the session) and answers refresh_token_already_used.
 */
export async function refreshGrant(ctx: AuthContext, presented: string): Promise<SessionResponse> {
  const outcome = await ctx.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const found = await repo.findRefreshContext(tx, sha256Hex(presented));
    if (!found) return { ok: false, error: errors.refreshTokenNotFound() };
    const { token: row, session, user } = found;
    if (!session) return { ok: false, error: errors.refreshSessionNotFound() };
    if (!user || user.deleted_at) return { ok: false, error: errors.refreshTokenNotFound() };
    if (user.banned_until && user.banned_until.getTime() > Date.now()) {
      return { ok: false, error: errors.userBanned() };
    }
    if (session.not_after && session.not_after.getTime() < Date.now()) {
      return { ok: false, error: errors.sessionExpired() };
    }
    let parent = row;
    let revokeId: string | null = row.id;
    if (row.revoked) {
      const active = await repo.activeChildToken(tx, row.token, row.session_id);
      if (active) {
        // The client never stored the answer to its previous refresh: continue from the live token.
        parent = active;
        revokeId = active.id;
      } else if (Date.now() - row.updated_at.getTime() > ctx.settings.refreshTokenReuseSeconds * 1000) {
        await repo.deleteSession(tx, session.id);
        return { ok: false, error: errors.refreshTokenAlreadyUsed() };
      } else {
        revokeId = null;
      }
    }
    const refreshToken = newRefreshToken();
    const amr = await repo.rotateRefreshToken(tx, {
      revokeId,
      newHash: sha256Hex(refreshToken),
      parentHash: parent.token,
      userId: user.id,
      sessionId: session.id,
    });
    return { ok: true, pending: { user, session, refreshToken, amr } };
  });
  if (!outcome.ok) throw outcome.error;
  return completeSession(ctx, outcome.pending);
}

export function implicitFragment(session: SessionResponse, type?: string): string {
  const params = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
  });
  if (session.provider_token) params.set('provider_token', session.provider_token);
  if (session.provider_refresh_token) params.set('provider_refresh_token', session.provider_refresh_token);
  params.set('refresh_token', session.refresh_token);
  params.set('token_type', 'bearer');
  if (type) params.set('type', type);
  params.set('sb', '');
  return params.toString();
}
