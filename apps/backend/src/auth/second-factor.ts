// What every second factor does once it checked out (TOTP, phone, WebAuthn).
import type { Queryable } from '../db/database.js';
import { AuthApiError, errors } from './errors.js';
import type { UserCaller } from './guards.js';
import * as repo from './repository.js';
import type { FactorRow, SessionRow } from './repository.js';
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

/** At most this many factors (verified or not) per user, as GoTrue's default. */
export const MAX_FACTORS = 10;

/**
 * Inside the enrolment's transaction, GoTrue's rules for a new factor: stale unverified factors
 * swept, at most MAX_FACTORS, aal2 needed once a verified factor exists, unique friendly names.
 */
export async function checkEnrolment(
  tx: Queryable,
  userId: string,
  session: Pick<SessionRow, 'aal'>,
  friendlyName: string,
  staleAfterSeconds: number,
): Promise<void> {
  await repo.deleteStaleUnverifiedFactors(tx, userId, staleAfterSeconds);
  const factors = await repo.factorsOf(tx, userId);
  if (factors.length >= MAX_FACTORS) {
    throw new AuthApiError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  }
  if (factors.some((factor) => factor.status === 'verified') && session.aal !== 'aal2') {
    throw errors.insufficientAal('AAL2 required to enroll a new factor');
  }
  if (friendlyName !== '' && factors.some((factor) => factor.friendly_name === friendlyName)) {
    throw new AuthApiError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }
}
