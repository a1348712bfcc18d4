// Phone MFA (GoTrue's enrollPhoneFactor / challengePhoneFactor / verifyPhoneFactor): a factor
// holding an E.164 number, a challenge that sends a one-time code through the SMS provider
// (Twilio, or the dev inbox in development; test numbers take their fixed code and get no SMS),
// and a verify that compares the code stored — hashed — on the challenge row. On when
// AUTH_MFA_PHONE_ENABLED=true, as GoTrue's MFA_PHONE_ENROLL_ENABLED/VERIFY_ENABLED.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import type { AuthContext } from './context.js';
import { generateOtp, safeEqual, sha256Hex } from './crypto.js';
import { AuthApiError, errors } from './errors.js';
import { checkEnrolment } from './second-factor.js';
import { normalisePhone, phoneChannel, requireSms } from './phone.js';
import * as repo from './repository.js';
import type { FactorRow, SessionRow, UserRow } from './repository.js';
import { NO_SMS_PROVIDER_MESSAGE } from './sms.js';
import type { SmsSender } from './sms.js';

/** GoTrue's MFA_PHONE_MAX_FREQUENCY default: one challenge SMS per factor per 5 s. */
const MAX_FREQUENCY_SECONDS = 5;

/** The authentication method a verified phone challenge adds to the session (GoTrue's models.MFAPhone). */
export const PHONE_AMR = 'mfa/phone';

export function phoneEnrollDisabled(): AuthApiError {
  return new AuthApiError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
}

function phoneVerifyDisabled(): AuthApiError {
  return new AuthApiError(422, 'mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
}

/** Hash of a challenge's code, bound to the challenge (the code itself is never stored). */
function codeHash(challengeId: string, code: string): string {
  return sha256Hex(`${challengeId}:${code}`);
}

/** POST /factors with factor_type 'phone'. */
export async function enrollPhoneFactor(
  ctx: AuthContext,
  caller: { user: UserRow; session: SessionRow },
  body: { friendly_name?: string | null | undefined; phone?: string | null | undefined },
): Promise<{ id: string; type: 'phone'; friendly_name: string; phone: string }> {
  if (!ctx.config.mfaPhone) throw phoneEnrollDisabled();
  const given = body.phone?.trim() ?? '';
  if (given === '') throw errors.validation('Phone number required to enroll Phone factor');
  const phone = normalisePhone(given);
  const friendlyName = body.friendly_name?.trim() ?? '';
  const factor = await ctx.db.transaction(async (tx) => {
    const same = (await repo.factorsOf(tx, caller.user.id)).filter((f) => f.factor_type === 'phone' && f.phone === phone);
    if (same.some((f) => f.status === 'verified')) {
      throw new AuthApiError(422, 'mfa_verified_factor_exists', 'A verified phone factor already exists, unenroll the existing factor to continue');
    }
    for (const stale of same) await repo.deleteFactor(tx, stale.id);
    await checkEnrolment(tx, caller.user.id, caller.session, friendlyName, ctx.settings.mfaChallengeExpirySeconds);
    const result = await tx.query<FactorRow>(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, phone)
       values ($1, $2, $3, 'phone', 'unverified', $4) returning *`,
      [randomUUID(), caller.user.id, friendlyName, phone],
    );
    const row = result.rows[0];
    if (!row) throw new Error('insert into auth.mfa_factors returned no row');
    return row;
  });
  return { id: factor.id, type: 'phone', friendly_name: friendlyName, phone: given };
}

/**
 * Sends a challenge's code. GoTrue's challengePhoneFactor answers a provider's refusal with a 500
 * "error sending message" (not sign-in's 422 sms_send_failed) and a missing provider with "Failed
 * to get SMS provider"; nothing is recorded either way (the challenge is written after the send).
 */
async function sendChallenge(sender: SmsSender, message: Parameters<SmsSender['send']>[0]): Promise<void> {
  try {
    await sender.send(message);
  } catch (error) {
    if (error instanceof AuthApiError && error.message === NO_SMS_PROVIDER_MESSAGE) {
      throw new AuthApiError(500, 'unexpected_failure', 'Failed to get SMS provider');
    }
    throw new AuthApiError(500, 'unexpected_failure', 'error sending message');
  }
}

/** POST /factors/:id/challenge for a phone factor: sends the code, answers the challenge. */
export async function challengePhoneFactor(
  ctx: AuthContext,
  factor: FactorRow,
  channel: string | null | undefined,
  ip: string,
): Promise<{ id: string; type: 'phone'; expires_at: number }> {
  if (!ctx.config.mfaPhone) throw phoneVerifyDisabled();
  const phone = factor.phone ?? '';
  const testOtp = ctx.config.smsTestOtp[phone];
  // A test number needs no provider; any other number needs one.
  const sender = testOtp === undefined ? requireSms(ctx) : ctx.sms;
  const via = phoneChannel(ctx, channel);
  if (factor.last_challenged_at) {
    const waitMs = MAX_FREQUENCY_SECONDS * 1000 - (Date.now() - factor.last_challenged_at.getTime());
    if (waitMs > 0) {
      throw new AuthApiError(429, 'over_sms_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`);
    }
  }
  const code = testOtp ?? generateOtp(ctx.settings.otpLength);
  const id = randomUUID();
  if (testOtp === undefined && sender) {
    await ctx.limits.mail(`sms:${phone}`);
    await sendChallenge(sender, { to: phone, body: `Your code is ${code}`, tag: 'mfa_phone', channel: via });
  }
  const createdAt = await ctx.db.transaction(async (tx) => {
    await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
    const result = await tx.query<{ created_at: Date }>(
      'insert into auth.mfa_challenges (id, factor_id, ip_address, otp_code) values ($1, $2, $3, $4) returning created_at',
      [id, factor.id, ip, codeHash(id, code)],
    );
    return result.rows[0]?.created_at ?? new Date();
  });
  return { id, type: 'phone', expires_at: Math.floor(createdAt.getTime() / 1000) + ctx.settings.mfaChallengeExpirySeconds };
}

/** The code check of a phone challenge (inside the verify transaction); undefined when right. */
export async function checkPhoneCode(ctx: AuthContext, tx: Queryable, challengeId: string, code: string): Promise<AuthApiError | undefined> {
  if (!ctx.config.mfaPhone) return phoneVerifyDisabled();
  if (code.trim() === '') return errors.validation('Code needs to be non-empty');
  const result = await tx.query<{ otp_code: string | null }>('select otp_code from auth.mfa_challenges where id = $1', [challengeId]);
  const stored = result.rows[0]?.otp_code;
  if (!stored || !safeEqual(stored, codeHash(challengeId, code.trim()))) {
    return new AuthApiError(422, 'mfa_verification_failed', 'Invalid MFA Phone code entered');
  }
  return undefined;
}
