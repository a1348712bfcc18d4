// E-mail codes and links: issuing (one mail carries both the 6-digit code and the link) and
// verifying (single use, 1 h expiry, dead after the configured number of wrong tries).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import type { AuthContext } from './context.js';
import type { CodeChallengeMethod } from './crypto.js';
import { generateOtp, otpTokenHash } from './crypto.js';
import { errors } from './errors.js';
import type { AuthMailKind } from './mail-templates.js';
import { buildAuthMail } from './mail-templates.js';
import * as repo from './repository.js';
import { syncProviders } from './users.js';
import type { OneTimeTokenRow, OneTimeTokenType, UserRow } from './repository.js';

export type EmailPurpose =
  | 'confirmation'
  | 'magiclink'
  | 'recovery'
  | 'email_change'
  | 'email_change_current'
  | 'invite'
  | 'reauthentication';

const PURPOSES: Record<
  EmailPurpose,
  { tokenType: OneTimeTokenType; linkType: string; authMethod: string }
> = {
  confirmation: { tokenType: 'confirmation_token', linkType: 'signup', authMethod: 'email/signup' },
  magiclink: { tokenType: 'recovery_token', linkType: 'magiclink', authMethod: 'magiclink' },
  recovery: { tokenType: 'recovery_token', linkType: 'recovery', authMethod: 'recovery' },
  email_change: { tokenType: 'email_change_token_new', linkType: 'email_change', authMethod: 'email_change' },
  invite: { tokenType: 'confirmation_token', linkType: 'invite', authMethod: 'invite' },
  // Sent to the current address to confirm a change away from it (generateLink email_change_current).
  email_change_current: { tokenType: 'email_change_token_current', linkType: 'email_change', authMethod: 'email_change' },
  // GET /reauthenticate: a nonce for updateUser({ password, nonce }).
  reauthentication: { tokenType: 'reauthentication_token', linkType: 'reauthentication', authMethod: 'reauthentication' },
};

export interface SendOptions {
  purpose: EmailPurpose;
  mail: AuthMailKind;
  /** Where the code goes (the new address for an e-mail change). */
  address: string;
  redirectTo: string;
  pkce: { challenge: string; method: CodeChallengeMethod } | null;
}

export interface IssuedToken {
  otp: string;
  hash: string;
  link: string;
  linkType: string;
}

/** Stores a fresh code (replacing the live one of that kind) and returns it with its link; sends nothing. */
export async function issueEmailToken(
  ctx: AuthContext,
  q: Queryable,
  user: UserRow,
  options: Omit<SendOptions, 'mail'>,
): Promise<IssuedToken> {
  const purpose = PURPOSES[options.purpose];
  const otp = generateOtp(ctx.settings.otpLength);
  let hash = otpTokenHash(options.address, otp);
  let flowStateId: string | null = null;
  if (options.pkce) {
    flowStateId = randomUUID();
    await repo.insertFlowState(q, {
      id: flowStateId,
      userId: user.id,
      codeChallenge: options.pkce.challenge,
      codeChallengeMethod: options.pkce.method,
      providerType: options.purpose === 'magiclink' ? 'magiclink' : 'email',
      authenticationMethod: purpose.authMethod,
      flowType: 'pkce',
      redirectTo: options.redirectTo,
    });
    hash = `pkce_${hash}`;
  }
  await repo.upsertOneTimeToken(q, {
    userId: user.id,
    type: purpose.tokenType,
    hash,
    relatesTo: options.address.toLowerCase(),
    flowStateId,
  });
  await repo.updateUser(q, user.id, {
    confirmationSentNow: purpose.tokenType === 'confirmation_token',
    recoverySentNow: purpose.tokenType === 'recovery_token',
    emailChangeSentNow: purpose.tokenType === 'email_change_token_new',
  });
  const link = new URL(`${ctx.authBaseUrl}/verify`);
  link.searchParams.set('token', hash);
  link.searchParams.set('type', purpose.linkType);
  link.searchParams.set('redirect_to', options.redirectTo);
  return { otp, hash, link: link.href, linkType: purpose.linkType };
}

/**
 * Issues a code + link and mails it, inside the caller's transaction (a failed send rolls back).
 * At most one mail of a kind per address per minimum interval, and the hourly cap per address.
 */
export async function sendEmailToken(ctx: AuthContext, q: Queryable, user: UserRow, options: SendOptions): Promise<void> {
  const purpose = PURPOSES[options.purpose];
  const last = await repo.lastOneTimeTokenSentAt(q, user.id, purpose.tokenType);
  const interval = ctx.settings.emailMinIntervalSeconds * 1000;
  if (last && Date.now() - last.getTime() < interval) {
    throw errors.emailFrequency(Math.max(1, Math.ceil((interval - (Date.now() - last.getTime())) / 1000)));
  }
  await ctx.limits.mail(options.address);
  const issued = await issueEmailToken(ctx, q, user, options);
  await ctx.mailer.send(
    buildAuthMail(options.mail, {
      to: options.address,
      code: issued.otp,
      // A reauthentication nonce is typed into the app, never opened as a link.
      link: options.purpose === 'reauthentication' ? options.redirectTo : issued.link,
      expiresInMinutes: Math.round(ctx.settings.otpExpirySeconds / 60),
    }),
  );
}

export type VerifyType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email' | 'email_change';

const TYPES_FOR: Record<VerifyType, readonly OneTimeTokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
};

export interface VerifiedToken {
  user: UserRow;
  flowStateId: string | null;
  /** True when the token came from a PKCE flow (hash prefixed pkce_). */
  pkce: boolean;
  tokenType: OneTimeTokenType;
}

type Lookup = { ok: true; token: OneTimeTokenRow } | { ok: false; link: boolean };

/**
 * Checks a code (with the address) or a token hash (from a link), consumes it, applies what it
 * proves (address confirmed, e-mail changed) and runs `then` in the same transaction (start a
 * session, issue a PKCE code). Wrong codes count against every live code of the address; that
 * counter is committed even though the request fails.
 */
export async function verifyEmailToken<T>(
  ctx: AuthContext,
  input: { type: VerifyType; email?: string; token?: string; tokenHash?: string },
  then: (tx: Queryable, verified: VerifiedToken) => Promise<T>,
): Promise<T> {
  const types = TYPES_FOR[input.type];
  const result = await ctx.db.transaction(async (tx): Promise<{ ok: true; value: T } | { ok: false; link: boolean }> => {
    const found = await lookup(ctx, tx, input, types);
    if (!found.ok) return found;
    const token = found.token;
    const link = input.tokenHash !== undefined;
    await repo.deleteOneTimeToken(tx, token.id);
    const user = await repo.findUserByIdForUpdate(tx, token.user_id);
    if (!user || user.deleted_at) return { ok: false, link };
    const updated = await applyToken(tx, user, token);
    const verified: VerifiedToken = {
      user: updated,
      flowStateId: token.flow_state_id,
      pkce: token.token_hash.startsWith('pkce_'),
      tokenType: token.token_type,
    };
    return { ok: true, value: await then(tx, verified) };
  });
  if (!result.ok) throw errors.otpExpired(result.link);
  return result.value;
}

async function lookup(
  ctx: AuthContext,
  tx: Queryable,
  input: { email?: string; token?: string; tokenHash?: string },
  types: readonly OneTimeTokenType[],
): Promise<Lookup> {
  const now = Date.now();
  const alive = (row: OneTimeTokenRow): boolean =>
    row.attempts < ctx.settings.otpMaxAttempts && now - row.created_at.getTime() <= ctx.settings.otpExpirySeconds * 1000;
  if (input.tokenHash !== undefined) {
    const hash = input.tokenHash.trim().toLowerCase();
    const rows = await repo.oneTimeTokensByHash(tx, [hash], types);
    const row = rows[0];
    return row && alive(row) ? { ok: true, token: row } : { ok: false, link: true };
  }
  const email = input.email ?? '';
  const rows = await repo.oneTimeTokensFor(tx, email, types);
  if (rows.length === 0) return { ok: false, link: false };
  const hash = otpTokenHash(email, (input.token ?? '').trim());
  const match = rows.find((row) => row.token_hash === hash || row.token_hash === `pkce_${hash}`);
  if (!match) {
    await repo.countFailedAttempt(
      tx,
      rows.map((row) => row.id),
    );
    return { ok: false, link: false };
  }
  return alive(match) ? { ok: true, token: match } : { ok: false, link: false };
}

/**
 * Makes a confirmed address the user's e-mail: the `email` identity follows (and is created for an
 * anonymous user, who stops being anonymous, as GoTrue upgrades one).
 */
export async function applyEmailChange(tx: Queryable, user: UserRow, newEmail: string): Promise<UserRow> {
  let updated = await repo.updateUser(tx, user.id, {
    email: newEmail,
    emailChange: null,
    emailConfirmedNow: true,
    ...(user.is_anonymous ? { isAnonymous: false } : {}),
  });
  const identities = await repo.identitiesOf(tx, user.id);
  const emailIdentity = identities.find((identity) => identity.provider === 'email');
  if (emailIdentity) {
    await repo.updateIdentity(tx, emailIdentity.id, {
      data: { ...emailIdentity.identity_data, email: newEmail, email_verified: true },
    });
  } else {
    await repo.insertIdentity(tx, {
      userId: user.id,
      provider: 'email',
      providerId: user.id,
      data: { sub: user.id, email: newEmail, email_verified: true, phone_verified: false },
    });
    updated = await syncProviders(tx, updated);
  }
  return updated;
}

/**
 * Checks and consumes the nonce GET /reauthenticate mailed to the user (a wrong one counts as a
 * failed attempt); false when it is wrong, used up or expired.
 */
export async function consumeReauthenticationNonce(ctx: AuthContext, tx: Queryable, user: UserRow, nonce: string): Promise<boolean> {
  if (!user.email) return false;
  const found = await lookup(ctx, tx, { email: user.email, token: nonce }, ['reauthentication_token']);
  if (!found.ok || found.token.user_id !== user.id) return false;
  await repo.deleteOneTimeToken(tx, found.token.id);
  return true;
}

async function applyToken(tx: Queryable, user: UserRow, token: OneTimeTokenRow): Promise<UserRow> {
  if (token.token_type === 'email_change_token_new' || token.token_type === 'email_change_token_current') {
    const newEmail = user.email_change;
    if (!newEmail) return user;
    const updated = await applyEmailChange(tx, user, newEmail);
    await repo.deleteOneTimeTokensOfUser(tx, user.id, ['email_change_token_new', 'email_change_token_current']);
    return updated;
  }
  if (user.email_confirmed_at) return user;
  const confirmed = await repo.updateUser(tx, user.id, { emailConfirmedNow: true });
  const identities = await repo.identitiesOf(tx, user.id);
  for (const identity of identities.filter((item) => item.provider === 'email')) {
    await repo.updateIdentity(tx, identity.id, { data: { ...identity.identity_data, email_verified: true } });
  }
  return confirmed;
}
