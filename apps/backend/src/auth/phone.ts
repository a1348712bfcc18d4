// Phone numbers and SMS codes (GoTrue's sms provider): E.164 validation, issuing a code by SMS
// (test numbers take their fixed code and get no SMS, as the Supabase CLI's [auth.sms.test_otp]),
// and verifying one — `sms` confirms the number and signs in, `phone_change` moves the user to the
// new number, which the code's token carries (relates_to), so no column is needed for it.
import type { Queryable } from '../db/database.js';
import type { AuthContext } from './context.js';
import { generateOtp, otpTokenHash } from './crypto.js';
import { AuthApiError, errors } from './errors.js';
import * as repo from './repository.js';
import type { OneTimeTokenType, UserRow } from './repository.js';
import { INVALID_CHANNEL_MESSAGE, validChannel } from './sms.js';
import type { SmsChannel } from './sms.js';
import { syncProviders } from './users.js';

export type PhoneOtpType = 'sms' | 'phone_change';

const TOKEN_TYPE: Record<PhoneOtpType, OneTimeTokenType> = { sms: 'confirmation_token', phone_change: 'phone_change_token' };

/** GoTrue's SMS_MAX_FREQUENCY default: one code per number and kind per minute. */
const SMS_MIN_INTERVAL_SECONDS = 60;

const E164 = /^[1-9][0-9]{1,14}$/;

/** GoTrue's validatePhone: a leading plus and spaces dropped, then E.164 digits (stored without the plus). */
export function normalisePhone(value: string): string {
  const phone = value.trim().replace(/^\+/, '').replaceAll(' ', '');
  if (!E164.test(phone)) throw errors.validation('Invalid phone number format (E.164 required)');
  return phone;
}

export function phoneDisabled(): AuthApiError {
  return new AuthApiError(422, 'phone_provider_disabled', 'Phone logins are disabled');
}

/** The SMS sender, or phone_provider_disabled when no SMS provider is configured. */
export function requireSms(ctx: AuthContext): NonNullable<AuthContext['sms']> {
  if (!ctx.sms) throw phoneDisabled();
  return ctx.sms;
}

/** Issues a code for the number and sends it by SMS (inside the caller's transaction); returns the message id. */
export async function sendPhoneOtp(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  type: PhoneOtpType,
  phone: string,
  channel: SmsChannel = 'sms',
): Promise<string> {
  const sms = requireSms(ctx);
  const tokenType = TOKEN_TYPE[type];
  // GoTrue times SMS sign-in codes by confirmation_sent_at (it outlives the used code), changes by their token.
  const last = type === 'sms' ? (user.confirmation_sent_at ?? undefined) : await repo.lastOneTimeTokenSentAt(tx, user.id, tokenType);
  const waitMs = last ? SMS_MIN_INTERVAL_SECONDS * 1000 - (Date.now() - last.getTime()) : 0;
  if (waitMs > 0) {
    throw new AuthApiError(429, 'over_sms_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`);
  }
  const testOtp = ctx.config.smsTestOtp[phone];
  const otp = testOtp ?? generateOtp(ctx.settings.otpLength);
  await repo.upsertOneTimeToken(tx, { userId: user.id, type: tokenType, hash: otpTokenHash(phone, otp), relatesTo: phone, flowStateId: null });
  if (type === 'sms') await repo.updateUser(tx, user.id, { confirmationSentNow: true });
  // A test number gets no SMS: its fixed code is already known (GoTrue's message id for it).
  if (testOtp !== undefined) return 'test-otp';
  await ctx.limits.mail(`sms:${phone}`);
  try {
    const { messageId } = await sms.send({ to: phone, body: `Your code is ${otp}`, tag: type === 'sms' ? 'sms_otp' : 'phone_change', channel });
    return messageId;
  } catch (error) {
    if (error instanceof AuthApiError) throw error;
    // GoTrue's answer when the provider refuses; the caller's transaction rolls the code back.
    const detail = error instanceof Error ? error.message : String(error);
    throw new AuthApiError(422, 'sms_send_failed', `Error sending ${type === 'sms' ? 'confirmation' : 'phone_change'} OTP to provider: ${detail}`);
  }
}

/** The user after a right code for the number (confirmed, or moved to it); a wrong one counts an attempt → otp_expired. */
export async function verifyPhoneOtp(
  ctx: AuthContext,
  tx: Queryable,
  type: PhoneOtpType,
  phone: string,
  token: string | { tokenHash: string },
): Promise<UserRow | undefined> {
  const rows = await repo.oneTimeTokensFor(tx, phone, [TOKEN_TYPE[type]]);
  // GoTrue also takes the code's hash (`token_hash` with the `phone`): SHA-224 hex of number + code.
  const hash = typeof token === 'string' ? otpTokenHash(phone, token.trim()) : token.tokenHash.trim().toLowerCase();
  const match = rows.find((row) => row.token_hash === hash);
  if (!match) {
    if (rows.length > 0) await repo.countFailedAttempt(tx, rows.map((row) => row.id));
    return undefined;
  }
  const alive = match.attempts < ctx.settings.otpMaxAttempts && Date.now() - match.created_at.getTime() <= ctx.settings.otpExpirySeconds * 1000;
  if (!alive) return undefined;
  await repo.deleteOneTimeToken(tx, match.id);
  const user = await repo.findUserByIdForUpdate(tx, match.user_id);
  if (!user || user.deleted_at) return undefined;
  if (type === 'phone_change') {
    const taken = await repo.findUserByPhone(tx, phone);
    if (taken && taken.id !== user.id) throw phoneExists();
  }
  return confirmPhone(tx, user, phone);
}

/** A new, unconfirmed phone user (its `phone` identity is added once the number is confirmed). */
export function insertPhoneUser(
  tx: Queryable,
  phone: string,
  passwordHash: string | null,
  userMetadata: Record<string, unknown>,
  role?: string,
): Promise<UserRow> {
  return repo.insertUser(tx, {
    email: null,
    phone,
    encryptedPassword: passwordHash,
    emailConfirmed: false,
    appMetadata: { provider: 'phone', providers: ['phone'] },
    userMetadata,
    ...(role ? { role } : {}),
  });
}

/** Makes the number the user's confirmed phone, with its `phone` identity (GoTrue's shape). */
export async function confirmPhone(tx: Queryable, user: UserRow, phone: string): Promise<UserRow> {
  const updated = await repo.updateUser(tx, user.id, { phone, phoneConfirmedNow: true });
  const identities = await repo.identitiesOf(tx, user.id);
  const data = { sub: user.id, phone, phone_verified: true, email_verified: false };
  const existing = identities.find((identity) => identity.provider === 'phone');
  if (existing) await repo.updateIdentity(tx, existing.id, { data, signedIn: true });
  else await repo.insertIdentity(tx, { userId: user.id, provider: 'phone', providerId: user.id, data });
  return syncProviders(tx, updated);
}

/** An admin's phone update: the number (unique), its `phone` identity kept in step, confirmed on request. */
export async function adminSetPhone(tx: Queryable, user: UserRow, phone: string, confirm: boolean): Promise<UserRow> {
  if (phone === user.phone) return confirm && !user.phone_confirmed_at ? confirmPhone(tx, user, phone) : user;
  const taken = await repo.findUserByPhone(tx, phone);
  if (taken && taken.id !== user.id) throw phoneExists();
  if (confirm) return confirmPhone(tx, user, phone);
  const updated = await repo.updateUser(tx, user.id, { phone });
  const identity = (await repo.identitiesOf(tx, user.id)).find((entry) => entry.provider === 'phone');
  if (identity) await repo.updateIdentity(tx, identity.id, { data: { ...identity.identity_data, phone } });
  return updated;
}

/** The message channel asked for (`channel: 'sms' | 'whatsapp'`), or GoTrue's 400 when the provider cannot use it. */
export function phoneChannel(ctx: AuthContext, channel: string | null | undefined): SmsChannel {
  const valid = validChannel(channel, ctx.sms);
  if (!valid) throw errors.validation(INVALID_CHANNEL_MESSAGE);
  return valid;
}

export function phoneExists(): AuthApiError {
  return new AuthApiError(422, 'phone_exists', 'A user with this phone number has already been registered');
}
