// GET/PUT /user, POST /logout, DELETE /user/identities/:id
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/types.js';
import type { AuthContext } from '../context.js';
import { clientIp, isUuid, normaliseEmail, readJson } from '../context.js';
import { parseCodeChallenge } from '../crypto.js';
import { applyEmailChange, consumeReauthenticationNonce, sendEmailToken } from '../email-tokens.js';
import { AuthApiError, errors } from '../errors.js';
import { requireUser } from '../guards.js';
import { checkPassword, hashPassword, passwordMatches } from '../passwords.js';
import { normalisePhone, phoneExists, requireSms, sendPhoneOtp } from '../phone.js';
import * as repo from '../repository.js';
import { loadUserJson } from '../sessions.js';
import { mergeMetadata, syncProviders } from '../users.js';

const updateBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  nonce: z.string().nullish(),
  current_password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

export function userRoutes(ctx: AuthContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/user', async (c) => {
    const { user } = await requireUser(ctx, c);
    return c.json(await loadUserJson(ctx.db, user));
  });

  app.put('/user', async (c) => {
    const caller = await requireUser(ctx, c);
    const body = await readJson(c, updateBody);
    if (body.phone) {
      // updateUser({ phone }): a code by SMS to the new number; verifyOtp type phone_change moves the user to it.
      requireSms(ctx);
      const phone = normalisePhone(body.phone);
      if (phone !== caller.user.phone) {
        await ctx.limits.send(clientIp(c));
        await ctx.db.transaction(async (tx) => {
          const taken = await repo.findUserByPhone(tx, phone);
          if (taken && taken.id !== caller.user.id) throw phoneExists();
          await sendPhoneOtp(ctx, tx, caller.user, 'phone_change', phone);
        });
      }
    }
    const pkce = parseCodeChallenge(body.code_challenge, body.code_challenge_method);
    if (pkce === 'invalid') throw errors.validation('PKCE flow requires code_challenge_method and code_challenge to be valid');
    const newEmail = body.email ? normaliseEmail(body.email) : undefined;
    const changesEmail = newEmail !== undefined && newEmail !== caller.user.email;
    const password = body.password ?? undefined;
    if (password !== undefined) checkPassword(ctx.settings, password);
    if (changesEmail) await ctx.limits.send(clientIp(c));
    const redirectTo = ctx.redirects.resolve(c.req.query('redirect_to'));

    const updated = await ctx.db.transaction(async (tx) => {
      let user = await repo.findUserByIdForUpdate(tx, caller.user.id);
      if (!user) throw errors.userNotFound();
      const factors = await repo.factorsOf(tx, user.id);
      const hasVerifiedFactor = factors.some((factor) => factor.status === 'verified');
      if ((password !== undefined || changesEmail) && hasVerifiedFactor && caller.session.aal !== 'aal2') {
        throw errors.insufficientAal();
      }
      if (body.data) user = await repo.updateUser(tx, user.id, { userMetadata: mergeMetadata(user.raw_user_meta_data, body.data) });
      if (password !== undefined && body.nonce) {
        // A nonce from GET /reauthenticate must be the user's live one.
        if (!(await consumeReauthenticationNonce(ctx, tx, user, body.nonce))) {
          throw new AuthApiError(400, 'reauthentication_not_valid', 'Requires reauthentication');
        }
      }
      if (password !== undefined) {
        if (user.encrypted_password && (await passwordMatches(password, user.encrypted_password))) throw errors.samePassword();
        user = await repo.updateUser(tx, user.id, { encryptedPassword: await hashPassword(password) });
        // As GoTrue: a new password signs out every other session of the user.
        await repo.deleteSessionsOfUser(tx, user.id, caller.session.id);
      }
      if (changesEmail && newEmail) {
        const taken = await repo.findUserByEmail(tx, newEmail);
        if (taken && taken.id !== user.id) throw errors.emailExists();
        if (ctx.settings.mailerAutoconfirm) {
          user = await applyEmailChange(tx, user, newEmail);
        } else {
          user = await repo.updateUser(tx, user.id, { emailChange: newEmail });
          await sendEmailToken(ctx, tx, user, {
            purpose: 'email_change',
            mail: 'email_change',
            address: newEmail,
            redirectTo,
            pkce,
          });
          user = (await repo.findUserById(tx, user.id)) ?? user;
        }
      }
      return loadUserJson(tx, user);
    });
    return c.json(updated);
  });

  // A nonce by e-mail, required by updateUser({ password, nonce }) (GoTrue's secure password change).
  app.get('/reauthenticate', async (c) => {
    const { user } = await requireUser(ctx, c);
    if (!user.email) throw errors.validation('Reauthentication requires the user to have an email or a phone number');
    await ctx.limits.send(clientIp(c));
    const address = user.email;
    await ctx.db.transaction((tx) =>
      sendEmailToken(ctx, tx, user, {
        purpose: 'reauthentication',
        mail: 'reauthentication',
        address,
        redirectTo: ctx.redirects.resolve(undefined),
        pkce: null,
      }),
    );
    return c.json({});
  });

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw errors.validation(`Unsupported logout scope "${scope}"`);
    }
    const { user, session } = await requireUser(ctx, c);
    if (scope === 'local') await repo.deleteSession(ctx.db, session.id);
    else if (scope === 'others') await repo.deleteSessionsOfUser(ctx.db, user.id, session.id);
    else await repo.deleteSessionsOfUser(ctx.db, user.id);
    return c.body(null, 204);
  });

  app.delete('/user/identities/:id', async (c) => {
    const { user } = await requireUser(ctx, c);
    // GoTrue checks the switch first: with linking off, nothing about the identities is told.
    if (!ctx.settings.manualLinking) throw new AuthApiError(404, 'manual_linking_disabled', 'Manual linking is disabled');
    const id = c.req.param('id');
    await ctx.db.transaction(async (tx) => {
      const identities = await repo.identitiesOf(tx, user.id);
      if (identities.length <= 1) {
        throw new AuthApiError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
      }
      const target = isUuid(id) ? identities.find((identity) => identity.id === id) : undefined;
      if (!target) throw new AuthApiError(404, 'identity_not_found', 'Identity doesn\'t exist');
      await repo.deleteIdentity(tx, target.id);
      let current = await syncProviders(tx, user);
      if (target.email && target.email === current.email) {
        // The primary address came from the removed identity: take the address of another one.
        const remaining = identities.filter((identity) => identity.id !== target.id);
        const replacement = remaining.find((identity) => identity.email && identity.email !== target.email)?.email;
        if (replacement) {
          const clash = await repo.findUserByEmail(tx, replacement);
          if (clash && clash.id !== user.id) {
            throw new AuthApiError(
              422,
              'email_conflict_identity_not_deletable',
              'Unable to unlink identity due to email conflict',
            );
          }
          current = await repo.updateUser(tx, user.id, { email: replacement });
        }
      }
      return current;
    });
    return c.json({});
  });

  return app;
}
