// Service-role endpoints: /admin/users (list, create, get, update, delete) and their factors.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/types.js';
import type { AuthContext } from '../context.js';
import { isUuid, normaliseEmail, readJson } from '../context.js';
import { AuthApiError, errors } from '../errors.js';
import type { EmailPurpose } from '../email-tokens.js';
import { issueEmailToken, sendEmailToken } from '../email-tokens.js';
import { requireAdmin } from '../guards.js';
import { checkPassword, hashPassword } from '../passwords.js';
import { adminSetPhone, confirmPhone, insertPhoneUser, normalisePhone, phoneExists } from '../phone.js';
import * as repo from '../repository.js';
import type { UserPatch, UserRow } from '../repository.js';
import { factorJson } from '../serialize.js';
import { loadUserJson } from '../sessions.js';
import { createEmailUser, mergeMetadata } from '../users.js';

const metadata = z.record(z.string(), z.unknown()).nullish();
const userAttributes = {
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  email_confirm: z.boolean().nullish(),
  phone_confirm: z.boolean().nullish(),
  user_metadata: metadata,
  app_metadata: metadata,
  role: z.string().max(255).nullish(),
  ban_duration: z.string().nullish(),
};
const createBody = z.object(userAttributes);
const updateBody = z.object(userAttributes);
const deleteBody = z.object({ should_soft_delete: z.boolean().nullish() });
const inviteBody = z.object({ email: z.string().nullish(), data: metadata });
const generateLinkBody = z.object({
  type: z.string(),
  email: z.string().nullish(),
  password: z.string().nullish(),
  new_email: z.string().nullish(),
  data: metadata,
  redirect_to: z.string().nullish(),
});

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go duration syntax as GoTrue's ban_duration takes it ("24h", "1h30m", "none"). */
export function parseBanDuration(value: string): Date | null {
  if (value === 'none') return null;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== value) {
    throw errors.validation('invalid format for ban duration: time: invalid duration');
  }
  const ms = parts.reduce((sum, part) => sum + Number(part[1]) * (UNIT_MS[part[2] ?? 's'] ?? 0), 0);
  return new Date(Date.now() + ms);
}

/**
 * `page` / `per_page` as GoTrue parses them (Go's strconv.ParseUint); a bad one is refused with
 * GoTrue's words rather than quietly replaced.
 */
export function paginationParam(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const fail = (reason: string): never => {
    throw new AuthApiError(400, 'validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: ${reason}`);
  };
  if (!/^[0-9]+$/.test(raw)) fail('invalid syntax');
  const value = BigInt(raw);
  if (value > 18446744073709551615n) fail('value out of range');
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

function userId(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!isUuid(id)) throw new AuthApiError(404, 'user_not_found', 'User not found');
  return id;
}

export function adminRoutes(ctx: AuthContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/admin/*', async (c, next) => {
    await requireAdmin(ctx, c.req.header('authorization'));
    await next();
  });

  app.get('/admin/users', async (c) => {
    const page = Math.max(1, paginationParam(c.req.query('page'), 1));
    const perPage = Math.min(1000, Math.max(1, paginationParam(c.req.query('per_page'), 50)));
    const { users, total } = await repo.listUsers(ctx.db, page, perPage);
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const links: string[] = [];
    if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    c.header('X-Total-Count', String(total));
    c.header('Link', links.join(', '));
    const json = await Promise.all(users.map((user) => loadUserJson(ctx.db, user)));
    return c.json({ users: json, aud: 'authenticated' });
  });

  app.post('/admin/users', async (c) => {
    const body = await readJson(c, createBody);
    if (body.phone && !body.email) {
      // admin.createUser({ phone, phone_confirm, password }): a phone user, confirmed on request.
      const phone = normalisePhone(body.phone);
      if (body.password) checkPassword(ctx.settings, body.password);
      const hash = body.password ? await hashPassword(body.password) : null;
      const created = await ctx.db.transaction(async (tx) => {
        if (await repo.findUserByPhone(tx, phone)) throw phoneExists();
        let user = await insertPhoneUser(tx, phone, hash, body.user_metadata ?? {}, body.role ?? undefined);
        if (body.app_metadata) user = await repo.updateUser(tx, user.id, { appMetadata: { ...user.raw_app_meta_data, ...body.app_metadata } });
        if (body.phone_confirm === true) user = await confirmPhone(tx, user, phone);
        return loadUserJson(tx, user);
      });
      return c.json(created);
    }
    if (body.phone) throw new AuthApiError(422, 'phone_provider_disabled', 'Phone logins are disabled');
    if (!body.email) throw errors.validation('Unable to validate email address: invalid format');
    const email = normaliseEmail(body.email);
    if (body.password) checkPassword(ctx.settings, body.password);
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    const bannedUntil = body.ban_duration ? parseBanDuration(body.ban_duration) : undefined;
    const json = await ctx.db.transaction(async (tx) => {
      if (await repo.findUserByEmail(tx, email)) throw errors.emailExists();
      let user = await createEmailUser(tx, {
        email,
        passwordHash,
        confirmed: body.email_confirm === true,
        userMetadata: body.user_metadata ?? {},
        appMetadata: body.app_metadata ?? {},
        ...(body.role ? { role: body.role } : {}),
      });
      if (bannedUntil !== undefined) user = await repo.updateUser(tx, user.id, { bannedUntil });
      return loadUserJson(tx, user);
    });
    return c.json(json);
  });

  app.post('/invite', async (c) => {
    await requireAdmin(ctx, c.req.header('authorization'));
    const body = await readJson(c, inviteBody);
    if (!body.email) throw errors.validation('Unable to validate email address: invalid format');
    const email = normaliseEmail(body.email);
    const redirectTo = ctx.redirects.resolve(c.req.query('redirect_to'));
    const json = await ctx.db.transaction(async (tx) => {
      let user = await repo.findUserByEmail(tx, email);
      if (user?.email_confirmed_at) throw errors.emailExists();
      if (!user) {
        user = await createEmailUser(tx, {
          email,
          passwordHash: null,
          confirmed: false,
          userMetadata: body.data ?? {},
          invited: true,
        });
      }
      await sendEmailToken(ctx, tx, user, { purpose: 'invite', mail: 'invite', address: email, redirectTo, pkce: null });
      return loadUserJson(tx, (await repo.findUserById(tx, user.id)) ?? user);
    });
    return c.json(json);
  });

  app.post('/admin/generate_link', async (c) => {
    const body = await readJson(c, generateLinkBody);
    if (!body.email) throw errors.validation('Unable to validate email address: invalid format');
    const email = normaliseEmail(body.email);
    const redirectTo = ctx.redirects.resolve(body.redirect_to ?? c.req.query('redirect_to'));
    if (body.password) checkPassword(ctx.settings, body.password);
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    const json = await ctx.db.transaction(async (tx) => {
      let user = await repo.findUserByEmail(tx, email);
      let purpose: EmailPurpose;
      let address = email;
      switch (body.type) {
        case 'signup':
        case 'invite':
          if (user?.email_confirmed_at) throw errors.emailExists();
          user ??= await createEmailUser(tx, {
            email,
            passwordHash,
            confirmed: false,
            userMetadata: body.data ?? {},
            invited: body.type === 'invite',
          });
          purpose = body.type === 'signup' ? 'confirmation' : 'invite';
          break;
        case 'magiclink':
        case 'recovery':
          if (!user) throw errors.userNotFound(404);
          purpose = body.type;
          break;
        case 'email_change_current':
        case 'email_change_new': {
          if (!user) throw errors.userNotFound(404);
          if (!body.new_email) throw errors.validation('The new email address is required');
          const newEmail = normaliseEmail(body.new_email);
          const taken = await repo.findUserByEmail(tx, newEmail);
          if (taken && taken.id !== user.id) throw errors.emailExists();
          user = await repo.updateUser(tx, user.id, { emailChange: newEmail });
          // The link for the current address confirms leaving it; the other, owning the new one.
          if (body.type === 'email_change_new') address = newEmail;
          purpose = body.type === 'email_change_new' ? 'email_change' : 'email_change_current';
          break;
        }
        default:
          throw errors.validation(`Invalid generate_link type: ${body.type}`);
      }
      const issued = await issueEmailToken(ctx, tx, user, { purpose, address, redirectTo, pkce: null });
      const fresh = (await repo.findUserById(tx, user.id)) ?? user;
      return {
        ...(await loadUserJson(tx, fresh)),
        action_link: issued.link,
        email_otp: issued.otp,
        hashed_token: issued.hash,
        redirect_to: redirectTo,
        verification_type: issued.linkType,
      };
    });
    return c.json(json);
  });

  app.get('/admin/users/:id', async (c) => {
    const user = await repo.findUserById(ctx.db, userId(c));
    if (!user) throw errors.userNotFound(404);
    return c.json(await loadUserJson(ctx.db, user));
  });

  app.put('/admin/users/:id', async (c) => {
    const id = userId(c);
    const body = await readJson(c, updateBody);
    const phone = body.phone ? normalisePhone(body.phone) : undefined;
    if (body.password) checkPassword(ctx.settings, body.password);
    const email = body.email ? normaliseEmail(body.email) : undefined;
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    const bannedUntil = body.ban_duration ? parseBanDuration(body.ban_duration) : undefined;
    const json = await ctx.db.transaction(async (tx) => {
      const user: UserRow | undefined = await repo.findUserByIdForUpdate(tx, id);
      if (!user) throw errors.userNotFound(404);
      const patch: UserPatch = {};
      if (email && email !== user.email) {
        const taken = await repo.findUserByEmail(tx, email);
        if (taken && taken.id !== id) throw errors.emailExists();
        patch.email = email;
        patch.emailChange = null;
      }
      if (passwordHash) patch.encryptedPassword = passwordHash;
      if (body.email_confirm === true) patch.emailConfirmedNow = true;
      if (body.email_confirm === false) patch.emailConfirmedAt = null;
      if (body.user_metadata) patch.userMetadata = mergeMetadata(user.raw_user_meta_data, body.user_metadata);
      if (body.app_metadata) patch.appMetadata = mergeMetadata(user.raw_app_meta_data, body.app_metadata);
      if (body.role) patch.role = body.role;
      if (bannedUntil !== undefined) patch.bannedUntil = bannedUntil;
      let updated = await repo.updateUser(tx, id, patch);
      // updateUserById({ phone, phone_confirm }) as GoTrue's adminUserUpdate (#20, wire).
      if (phone) updated = await adminSetPhone(tx, updated, phone, body.phone_confirm === true);
      if (patch.email) {
        const emailIdentity = (await repo.identitiesOf(tx, id)).find((identity) => identity.provider === 'email');
        if (emailIdentity) {
          await repo.updateIdentity(tx, emailIdentity.id, { data: { ...emailIdentity.identity_data, email: patch.email } });
        }
      }
      // A ban signs the user out everywhere; refresh is refused while it lasts.
      if (bannedUntil) await repo.deleteSessionsOfUser(tx, id);
      return loadUserJson(tx, updated);
    });
    return c.json(json);
  });

  app.delete('/admin/users/:id', async (c) => {
    const id = userId(c);
    const body = await readJson(c, deleteBody);
    const found = await ctx.db.transaction(async (tx) => {
      const user = await repo.findUserByIdForUpdate(tx, id);
      if (!user) return false;
      if (body.should_soft_delete) await repo.softDeleteUser(tx, id);
      else await repo.deleteUser(tx, id);
      return true;
    });
    if (!found) throw errors.userNotFound(404);
    return c.json({});
  });

  app.get('/admin/users/:id/factors', async (c) => {
    const id = userId(c);
    const user = await repo.findUserById(ctx.db, id);
    if (!user) throw errors.userNotFound(404);
    return c.json((await repo.factorsOf(ctx.db, id)).map(factorJson));
  });

  app.delete('/admin/users/:id/factors/:factorId', async (c) => {
    const id = userId(c);
    const factorId = c.req.param('factorId');
    if (!isUuid(factorId)) throw new AuthApiError(404, 'mfa_factor_not_found', 'Factor not found');
    await ctx.db.transaction(async (tx) => {
      const factor = await repo.findFactor(tx, id, factorId);
      if (!factor) throw new AuthApiError(404, 'mfa_factor_not_found', 'Factor not found');
      await repo.deleteFactor(tx, factorId);
      await repo.downgradeSessionsAfterFactorRemoval(tx, id, factorId);
    });
    return c.json({ id: factorId });
  });

  return app;
}
