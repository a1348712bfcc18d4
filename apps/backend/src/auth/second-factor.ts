// What every second factor does once it checked out (TOTP, WebAuthn; phone too when it lands).
import type { Queryable } from '../db/database.js';
import type { AuthApiError } from './errors.js';
import { errors } from './errors.js';
import type { UserCaller } from './guards.js';
import * as repo from './repository.js';
import type { FactorRow } from './repository.js';
import type { PendingSession } from './sessions.js';
import { reissueForSession } from './sessions.js';

/**
 * Inside the caller's transaction: marks the factor verified (its first success), raises the
 * session to aal2 with the factor's AMR method first, and hands back a fresh token pair for the
 * same session (answer with completeSession after COMMIT).
 */
export async function raiseToAal2(
  tx: Queryable,
  caller: UserCaller,
  factor: FactorRow,
  amrMethod: string,
): Promise<{ error: AuthApiError } | { session: PendingSession }> {
  if (factor.status !== 'verified') await repo.markFactorVerified(tx, factor);
  await repo.setSessionAal(tx, caller.session.id, 'aal2', factor.id);
  await repo.addAmrClaim(tx, caller.session.id, amrMethod);
  const session = await repo.findSession(tx, caller.session.id);
  const user = await repo.findUserById(tx, caller.user.id);
  if (!session || !user) return { error: errors.sessionNotFound() };
  return { session: await reissueForSession(tx, user, session) };
}
