// Passkeys (auth-js `signInWithPasskey`, `registerPasskey`, `auth.passkey.*`, `auth.admin.passkey.*`):
// POST /passkeys/registration/{options,verify}, POST /passkeys/authentication/{options,verify},
// GET /passkeys, PATCH/DELETE /passkeys/:id, GET/DELETE /admin/users/:id/passkeys[/:passkeyId].
import { randomUUID } from 'node:crypto';
import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/types.js';
import type { AuthContext } from '../context.js';
import { clientIp, isUuid, readJson } from '../context.js';
import { AuthApiError, errors } from '../errors.js';
import { requireAdmin, requireUser } from '../guards.js';
import * as repo from '../repository.js';
import { iso } from '../serialize.js';
import { completeSession, startSession } from '../sessions.js';
import type { PasskeyChallengeRow, PasskeyRow } from '../webauthn-store.js';
import * as store from '../webauthn-store.js';
import {
  authenticationCredential,
  registrationCredential,
  userHandleOf,
  userIdFromHandle,
  verifyAssertion,
  verifyRegistration,
  webauthnErrors,
} from '../webauthn.js';

const MAX_PASSKEYS = 10;

const optionsBody = z.object({ gotrue_meta_security: z.object({ captcha_token: z.string().nullish() }).nullish() });
const registrationVerifyBody = z.object({ challenge_id: z.string(), credential: registrationCredential });
const authenticationVerifyBody = z.object({ challenge_id: z.string(), credential: authenticationCredential });
const renameBody = z.object({
  friendly_name: z.string().trim().min(1, 'friendly_name is required').max(120, 'friendly_name must be at most 120 characters'),
});

/** PasskeyListItem / PasskeyMetadata of auth-js. */
export function passkeyJson(passkey: PasskeyRow): Record<string, unknown> {
  return {
    id: passkey.id,
    friendly_name: passkey.friendly_name ?? undefined,
    created_at: iso(passkey.created_at),
    last_used_at: iso(passkey.last_used_at),
  };
}

function challengeFrom(row: PasskeyChallengeRow | undefined): string {
  if (!row) throw webauthnErrors.challengeNotFound();
  if (row.expires_at.getTime() < Date.now()) throw webauthnErrors.challengeExpired();
  return row.challenge;
}

export function passkeyRoutes(ctx: AuthContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const rp = ctx.config.webauthn;
  const timeout = rp.challengeExpirySeconds * 1000;

  app.use('/passkeys/*', async (_c, next) => {
    if (!rp.passkeysEnabled) throw new AuthApiError(422, 'passkey_disabled', 'Passkeys are disabled');
    await next();
  });
  app.use('/passkeys', async (_c, next) => {
    if (!rp.passkeysEnabled) throw new AuthApiError(422, 'passkey_disabled', 'Passkeys are disabled');
    await next();
  });

  app.post('/passkeys/registration/options', async (c) => {
    const { user } = await requireUser(ctx, c);
    await readJson(c, optionsBody);
    await ctx.limits.token(clientIp(c));
    const existing = await store.passkeysOf(ctx.db, user.id);
    if (existing.length >= MAX_PASSKEYS) {
      throw new AuthApiError(422, 'too_many_passkeys', `A user can have at most ${MAX_PASSKEYS} passkeys`);
    }
    const name = user.email || user.phone || user.id;
    const options = await generateRegistrationOptions({
      rpName: rp.rpName,
      rpID: rp.rpId,
      userID: userHandleOf(user.id),
      userName: name,
      userDisplayName: name,
      timeout,
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: passkey.transports })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
    });
    const row = await store.insertPasskeyChallenge(ctx.db, {
      id: randomUUID(),
      userId: user.id,
      type: 'registration',
      challenge: options.challenge,
      expirySeconds: rp.challengeExpirySeconds,
    });
    return c.json({ challenge_id: row.id, options, expires_at: Math.floor(row.expires_at.getTime() / 1000) });
  });

  app.post('/passkeys/registration/verify', async (c) => {
    const { user } = await requireUser(ctx, c);
    const body = await readJson(c, registrationVerifyBody);
    await ctx.limits.token(clientIp(c));
    if (!isUuid(body.challenge_id)) throw webauthnErrors.challengeNotFound();
    const challenge = challengeFrom(await store.consumePasskeyChallenge(ctx.db, body.challenge_id, 'registration', user.id));
    const verified = await verifyRegistration(rp, body.credential, challenge);
    const passkey = await ctx.db.transaction(async (tx) => {
      const count = (await store.passkeysOf(tx, user.id)).length;
      if (count >= MAX_PASSKEYS) {
        throw new AuthApiError(422, 'too_many_passkeys', `A user can have at most ${MAX_PASSKEYS} passkeys`);
      }
      const inserted = await store.insertPasskey(tx, {
        id: randomUUID(),
        userId: user.id,
        ...verified,
        friendlyName: null,
      });
      if (!inserted) throw webauthnErrors.credentialExists();
      return inserted;
    });
    const { last_used_at: _unused, ...metadata } = passkeyJson(passkey);
    return c.json(metadata);
  });

  app.post('/passkeys/authentication/options', async (c) => {
    await readJson(c, optionsBody);
    await ctx.limits.token(clientIp(c));
    // Discoverable credentials: no allow-list, the authenticator offers what it holds for this RP.
    const options = await generateAuthenticationOptions({ rpID: rp.rpId, timeout, userVerification: 'preferred' });
    const row = await store.insertPasskeyChallenge(ctx.db, {
      id: randomUUID(),
      userId: null,
      type: 'authentication',
      challenge: options.challenge,
      expirySeconds: rp.challengeExpirySeconds,
    });
    return c.json({ challenge_id: row.id, options, expires_at: Math.floor(row.expires_at.getTime() / 1000) });
  });

  app.post('/passkeys/authentication/verify', async (c) => {
    const body = await readJson(c, authenticationVerifyBody);
    const ip = clientIp(c);
    await ctx.limits.token(ip);
    if (!isUuid(body.challenge_id)) throw webauthnErrors.challengeNotFound();
    const challenge = challengeFrom(await store.consumePasskeyChallenge(ctx.db, body.challenge_id, 'authentication', null));
    const passkey = await store.findPasskeyByCredentialId(ctx.db, body.credential.id);
    if (!passkey) throw webauthnErrors.verificationFailed('credential is not registered');
    const handle = userIdFromHandle(body.credential.response.userHandle);
    if (handle !== undefined && handle !== passkey.user_id) throw webauthnErrors.verificationFailed('user handle does not match');
    const outcome = await verifyAssertion(
      rp,
      body.credential,
      { credentialId: passkey.credential_id, publicKey: passkey.public_key, counter: Number(passkey.sign_count), transports: passkey.transports },
      challenge,
    );
    const pending = await ctx.db.transaction(async (tx) => {
      const user = await repo.findUserById(tx, passkey.user_id);
      if (!user || user.deleted_at) throw webauthnErrors.verificationFailed('credential is not registered');
      if (!(await store.recordPasskeyUse(tx, passkey, outcome.newCounter, outcome.backedUp))) {
        throw webauthnErrors.verificationFailed('credential was used concurrently');
      }
      return startSession(tx, user, { method: 'passkey', ip, userAgent: c.req.header('user-agent') });
    });
    return c.json(await completeSession(ctx, pending));
  });

  const list = async (c: Context<AppEnv>) => {
    const { user } = await requireUser(ctx, c);
    return c.json((await store.passkeysOf(ctx.db, user.id)).map(passkeyJson));
  };
  app.get('/passkeys', list);
  app.get('/passkeys/', list);

  app.patch('/passkeys/:id', async (c) => {
    const { user } = await requireUser(ctx, c);
    const body = await readJson(c, renameBody);
    const id = c.req.param('id');
    if (!isUuid(id)) throw webauthnErrors.credentialNotFound();
    const renamed = await store.renamePasskey(ctx.db, user.id, id, body.friendly_name);
    if (!renamed) throw webauthnErrors.credentialNotFound();
    return c.json(passkeyJson(renamed));
  });

  app.delete('/passkeys/:id', async (c) => {
    const { user } = await requireUser(ctx, c);
    const id = c.req.param('id');
    if (!isUuid(id) || !(await store.deletePasskey(ctx.db, user.id, id))) throw webauthnErrors.credentialNotFound();
    return c.json({});
  });

  // Admin (service role): auth.admin.passkey.listPasskeys / deletePasskey.
  async function adminUser(c: Context<AppEnv>): Promise<string> {
    await requireAdmin(ctx, c.req.header('authorization'));
    const userId = c.req.param('id') ?? '';
    if (!isUuid(userId)) throw errors.validation('user_id must be an UUID');
    if (!(await repo.findUserById(ctx.db, userId))) throw errors.userNotFound(404);
    return userId;
  }
  app.get('/admin/users/:id/passkeys', async (c) => {
    const userId = await adminUser(c);
    return c.json((await store.passkeysOf(ctx.db, userId)).map(passkeyJson));
  });
  app.delete('/admin/users/:id/passkeys/:passkeyId', async (c) => {
    const userId = await adminUser(c);
    const id = c.req.param('passkeyId');
    if (!isUuid(id) || !(await store.deletePasskey(ctx.db, userId, id))) throw webauthnErrors.credentialNotFound();
    return c.json({});
  });

  return app;
}
