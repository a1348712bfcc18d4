// What every new MFA factor is checked against before it is made (GoTrue's validateFactors): at
// most ten factors, AAL2 needed once a verified factor exists, friendly names unique per user.
import type { Queryable } from '../db/database.js';
import type { AuthSettings } from './settings.js';
import { AuthApiError, errors } from './errors.js';
import * as repo from './repository.js';
import type { SessionRow } from './repository.js';

const MAX_FACTORS = 10;

export async function checkNewFactor(
  tx: Queryable,
  settings: AuthSettings,
  userId: string,
  session: Pick<SessionRow, 'aal'>,
  friendlyName: string,
): Promise<void> {
  await repo.deleteStaleUnverifiedFactors(tx, userId, settings.mfaChallengeExpirySeconds);
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
