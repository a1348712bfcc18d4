// Sign-up, e-mail OTP / magic link, /verify (POST and the GET link), /recover and /resend.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/types.js';
import type { AuthContext } from '../context.js';
import { clientIp, normaliseEmail, readJson } from '../context.js';
import { parseCodeChallenge } from '../crypto.js';
import type { Queryable } from '../../db/database.js';
import type { VerifiedToken, VerifyType } from '../email-tokens.js';
import { sendEmailToken, verifyEmailToken } from '../email-tokens.js';
import { AuthApiError, errors } from '../errors.js';
import { checkPassword, hashPassword } from '../passwords.js';
import type { PhoneOtpType } from '../phone.js';
import { confirmPhone, insertPhoneUser, normalisePhone, phoneChannel, requireSms, sendPhoneOtp, verifyPhoneOtp } from '../phone.js';
import * as repo from '../repository.js';
import type { PendingSession } from '../sessions.js';
import { completeSession, implicitFragment, loadUserJson, startSession } from '../sessions.js';
import { createEmailUser, mergeMetadata } from '../users.js';
import { redirectWithError, redirectWithSession } from './redirect.js';

const metadata = z.record(z.string(), z.unknown()).nullish();
const pkceFields = {
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
};

const signupBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadata,
  channel: z.string().nullish(),
  ...pkceFields,
});

const otpBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  data: metadata,
  create_user: z.boolean().nullish(),
  channel: z.string().nullish(),
  ...pkceFields,
});

const VERIFY_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email', 'email_change'] as const;

const verifyBody = z.object({
  type: z.string(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  token: z.string().nullish(),
  token_hash: z.string().nullish(),
});

const emailOnly = z.object({ email: z.string().nullish(), ...pkceFields });
const resendBody = z.object({ type: z.string(), email: z.string().nullish(), phone: z.string().nullish(), ...pkceFields });

function pkceOf(body: { code_challenge?: string | null; code_challenge_method?: string | null }) {
  const pkce = parseCodeChallenge(body.code_challenge, body.code_challenge_method);
  if (pkce === 'invalid') {
    throw errors.validation('PKCE flow requires code_challenge_method and code_challenge to be valid');
  }
  return pkce;
}

function requireEmail(email: string | null | undefined): string {
  if (!email) throw errors.validation('An email address is required');
  return normaliseEmail(email);
}

function parseVerifyType(type: string): VerifyType {
  if ((VERIFY_TYPES as readonly string[]).includes(type)) return type as VerifyType;
  throw errors.validation(`Unsupported verification type: ${type}`);
}

const isPhoneType = (type: string): type is PhoneOtpType => type === 'sms' || type === 'phone_change';

export function emailRoutes(ctx: AuthContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/signup', async (c) => {
    const body = await readJson(c, signupBody);
    if (!body.email && !body.phone) {
      // signInAnonymously(): a real user without an address, upgradeable by linking an e-mail.
      if (!ctx.settings.anonymousSignIns) throw errors.anonymousDisabled();
      if (ctx.settings.disableSignup) throw errors.signupDisabled();
      await ctx.limits.send(clientIp(c));
      const meta = { ip: clientIp(c), userAgent: c.req.header('user-agent'), method: 'anonymous' };
      const pending = await ctx.db.transaction(async (tx) => {
        const user = await repo.insertUser(tx, {
          email: null,
          encryptedPassword: null,
          emailConfirmed: false,
          appMetadata: { provider: 'anonymous', providers: ['anonymous'] },
          userMetadata: body.data ?? {},
          anonymous: true,
        });
        return startSession(tx, user, meta);
      });
      return c.json(await completeSession(ctx, pending));
    }
    if (body.phone && !body.email) {
      // signUp({ phone, password }): an unconfirmed phone user and a confirmation code by SMS.
      requireSms(ctx);
      const channel = phoneChannel(ctx, body.channel);
      const phone = normalisePhone(body.phone);
      if (ctx.settings.disableSignup) throw errors.signupDisabled();
      if (!body.password) throw errors.validation('Signup requires a valid password', 422);
      checkPassword(ctx.settings, body.password);
      await ctx.limits.send(clientIp(c));
      const passwordHash = await hashPassword(body.password);
      const result = await ctx.db.transaction(async (tx): Promise<{ pending: PendingSession } | { body: Record<string, unknown> }> => {
        const existing = await repo.findUserByPhone(tx, phone);
        if (existing?.phone_confirmed_at) throw new AuthApiError(422, 'user_already_exists', 'User already registered');
        const created =
          existing ??
          (await insertPhoneUser(tx, phone, passwordHash, body.data ?? {}));
        if (existing) await repo.updateUser(tx, existing.id, { encryptedPassword: passwordHash });
        if (ctx.settings.smsAutoconfirm) {
          // SMS_AUTOCONFIRM: the number counts as confirmed and the sign-up signs in, no code sent.
          const confirmed = await confirmPhone(tx, created, phone);
          return { pending: await startSession(tx, confirmed, { ip: clientIp(c), userAgent: c.req.header('user-agent'), method: 'password' }) };
        }
        await sendPhoneOtp(ctx, tx, created, 'sms', phone, channel);
        return { body: await loadUserJson(tx, (await repo.findUserById(tx, created.id)) ?? created) };
      });
      if ('pending' in result) return c.json(await completeSession(ctx, result.pending));
      return c.json(result.body);
    }
    const email = requireEmail(body.email);
    if (ctx.settings.disableSignup) throw errors.signupDisabled();
    if (!body.password) throw errors.validation('Signup requires a valid password', 422);
    checkPassword(ctx.settings, body.password);
    const pkce = pkceOf(body);
    await ctx.limits.send(clientIp(c));
    const redirectTo = ctx.redirects.resolve(c.req.query('redirect_to'));
    const data = body.data ?? {};
    const passwordHash = await hashPassword(body.password);
    const meta = { ip: clientIp(c), userAgent: c.req.header('user-agent'), method: 'password' };

    const result = await ctx.db.transaction(async (tx): Promise<{ pending: PendingSession } | { body: Record<string, unknown> }> => {
      const existing = await repo.findUserByEmail(tx, email);
      if (existing?.email_confirmed_at) {
        if (ctx.settings.mailerAutoconfirm) throw errors.userAlreadyExists();
        // Anti-enumeration (supabase-wire §1.6): a look-alike user with no identities, nothing sent.
        const now = new Date().toISOString();
        return {
          body: {
            id: randomUUID(),
            aud: 'authenticated',
            role: '',
            email,
            phone: '',
            confirmation_sent_at: now,
            app_metadata: { provider: 'email', providers: ['email'] },
            user_metadata: data,
            identities: [],
            created_at: now,
            updated_at: now,
            is_anonymous: false,
          },
        };
      }
      let user = existing;
      if (user) {
        // Not yet confirmed: whoever controls the mailbox decides; refresh password and data, mail again.
        user = await repo.updateUser(tx, user.id, {
          encryptedPassword: passwordHash,
          userMetadata: mergeMetadata(user.raw_user_meta_data, data),
        });
      } else {
        user = await createEmailUser(tx, {
          email,
          passwordHash,
          confirmed: ctx.settings.mailerAutoconfirm,
          userMetadata: data,
        });
      }
      if (ctx.settings.mailerAutoconfirm) return { pending: await startSession(tx, user, meta) };
      await sendEmailToken(ctx, tx, user, { purpose: 'confirmation', mail: 'confirmation', address: email, redirectTo, pkce });
      const fresh = await repo.findUserById(tx, user.id);
      return { body: await loadUserJson(tx, fresh ?? user) };
    });
    if ('pending' in result) return c.json(await completeSession(ctx, result.pending));
    return c.json(result.body);
  });

  app.post('/otp', async (c) => {
    const body = await readJson(c, otpBody);
    if (body.phone && !body.email) {
      // signInWithOtp({ phone }): a code by SMS (a new number becomes an unconfirmed phone user).
      requireSms(ctx);
      const channel = phoneChannel(ctx, body.channel);
      const phone = normalisePhone(body.phone);
      await ctx.limits.send(clientIp(c));
      const createUser = body.create_user ?? true;
      const messageId = await ctx.db.transaction(async (tx) => {
        let user = await repo.findUserByPhone(tx, phone);
        if (!user) {
          if (!createUser || ctx.settings.disableSignup) throw errors.otpDisabled();
          user = await insertPhoneUser(tx, phone, null, body.data ?? {});
        }
        return sendPhoneOtp(ctx, tx, user, 'sms', phone, channel);
      });
      return c.json({ message_id: messageId });
    }
    const email = requireEmail(body.email);
    const pkce = pkceOf(body);
    await ctx.limits.send(clientIp(c));
    const redirectTo = ctx.redirects.resolve(c.req.query('redirect_to'));
    const createUser = body.create_user ?? true;
    await ctx.db.transaction(async (tx) => {
      let user = await repo.findUserByEmail(tx, email);
      if (!user) {
        if (!createUser || ctx.settings.disableSignup) throw errors.otpDisabled();
        user = await createEmailUser(tx, {
          email,
          passwordHash: null,
          confirmed: ctx.settings.mailerAutoconfirm,
          userMetadata: body.data ?? {},
        });
      }
      if (user.email_confirmed_at) {
        await sendEmailToken(ctx, tx, user, { purpose: 'magiclink', mail: 'otp', address: email, redirectTo, pkce });
      } else {
        await sendEmailToken(ctx, tx, user, { purpose: 'confirmation', mail: 'otp', address: email, redirectTo, pkce });
      }
    });
    return c.json({});
  });

  app.post('/verify', async (c) => {
    const body = await readJson(c, verifyBody);
    const ip = clientIp(c);
    if (isPhoneType(body.type)) {
      // verifyOtp({ phone, token, type: 'sms' | 'phone_change' }). GoTrue has no token_hash for SMS codes:
      // a hash alone reaches its e-mail link lookup, which refuses the type (#20, wire).
      if (body.token && body.token_hash) throw errors.validation('Verify requires either a token or a token hash');
      if (body.token_hash && !body.phone) throw errors.validation('Invalid email verification type');
      requireSms(ctx);
      const phoneType = body.type;
      if (!body.phone || !(body.token || body.token_hash)) throw errors.validation('Verify requires a phone number and a token');
      const phone = normalisePhone(body.phone);
      await ctx.limits.verify(ip, `sms:${phone}`);
      const token = body.token || { tokenHash: body.token_hash ?? '' };
      const pending = await ctx.db.transaction(async (tx) => {
        const user = await verifyPhoneOtp(ctx, tx, phoneType, phone, token);
        return user ? startSession(tx, user, { method: 'otp', ip, userAgent: c.req.header('user-agent') }) : undefined;
      });
      if (!pending) throw errors.otpExpired();
      return c.json(await completeSession(ctx, pending));
    }
    const type = parseVerifyType(body.type);
    if (body.phone) throw errors.validation(`Unsupported verification type for a phone number: ${body.type}`);
    const startFor = async (tx: Queryable, verified: VerifiedToken) => {
      if (verified.flowStateId) await repo.deleteFlowState(tx, verified.flowStateId);
      return startSession(tx, verified.user, { method: 'otp', ip, userAgent: c.req.header('user-agent') });
    };
    if (body.token_hash) {
      if (body.email || c.req.query('redirect_to')) {
        throw errors.validation('Only the token_hash and type should be provided');
      }
      await ctx.limits.verify(ip, undefined);
      return c.json(await completeSession(ctx, await verifyEmailToken(ctx, { type, tokenHash: body.token_hash }, startFor)));
    }
    if (!body.email || !body.token) throw errors.validation('Verify requires either a token_hash or an email and a token');
    const email = normaliseEmail(body.email);
    await ctx.limits.verify(ip, email);
    return c.json(await completeSession(ctx, await verifyEmailToken(ctx, { type, email, token: body.token }, startFor)));
  });

  app.get('/verify', async (c) => {
    const requested = c.req.query('redirect_to');
    const redirectTo = ctx.redirects.resolve(requested);
    const token = c.req.query('token');
    const rawType = c.req.query('type') ?? '';
    const flowIsPkce = token?.startsWith('pkce_') ?? false;
    try {
      const type = parseVerifyType(rawType);
      if (!token) throw errors.otpExpired(true);
      await ctx.limits.verify(clientIp(c), undefined);
      const outcome = await verifyEmailToken(
        ctx,
        { type, tokenHash: token },
        async (tx, verified): Promise<{ code: string } | { session: PendingSession }> => {
          // Towards a custom domain (the hand-over page) no PKCE code is issued: the requester holds
          // its verifier, and that may be someone else (issue 26). The person who clicked gets a
          // session on the platform's own page, and decides there.
          if (verified.pkce && verified.flowStateId && ctx.redirects.isHandOver(redirectTo)) {
            await repo.deleteFlowState(tx, verified.flowStateId);
          } else if (verified.pkce && verified.flowStateId) {
            const flow = await repo.findFlowState(tx, verified.flowStateId);
            if (!flow) throw errors.flowStateNotFound();
            const code = randomUUID();
            await repo.issueAuthCode(tx, flow.id, code, verified.user.id);
            return { code };
          }
          return {
            session: await startSession(tx, verified.user, {
              method: 'otp',
              ip: clientIp(c),
              userAgent: c.req.header('user-agent'),
            }),
          };
        },
      );
      if ('code' in outcome) {
        const target = new URL(redirectTo);
        target.searchParams.set('code', outcome.code);
        return c.redirect(target.href, 303);
      }
      const session = await completeSession(ctx, outcome.session);
      return redirectWithSession(c, redirectTo, implicitFragment(session, rawType), 303);
    } catch (error) {
      if (error instanceof AuthApiError) return redirectWithError(c, redirectTo, error, flowIsPkce, 303);
      throw error;
    }
  });

  app.post('/recover', async (c) => {
    const body = await readJson(c, emailOnly);
    const email = requireEmail(body.email);
    const pkce = pkceOf(body);
    await ctx.limits.send(clientIp(c));
    const redirectTo = ctx.redirects.resolve(c.req.query('redirect_to'));
    await ctx.db.transaction(async (tx) => {
      const user = await repo.findUserByEmail(tx, email);
      // Unknown addresses get the same empty answer, so the endpoint does not reveal who has an account.
      if (!user) return;
      await sendEmailToken(ctx, tx, user, { purpose: 'recovery', mail: 'recovery', address: email, redirectTo, pkce });
    });
    return c.json({});
  });

  app.post('/resend', async (c) => {
    const body = await readJson(c, resendBody);
    if (isPhoneType(body.type)) {
      requireSms(ctx);
      const phoneType = body.type;
      if (!body.phone) throw errors.validation('A phone number is required');
      const phone = normalisePhone(body.phone);
      await ctx.limits.send(clientIp(c));
      const messageId = await ctx.db.transaction(async (tx) => {
        // sms: an unconfirmed number's user; phone_change: the user with a pending change to it.
        const pendingChange =
          phoneType === 'phone_change'
            ? (await tx.query<{ user_id: string }>(`select user_id from auth.one_time_tokens where token_type = 'phone_change_token' and relates_to = $1`, [phone])).rows[0]
            : undefined;
        const user = phoneType === 'sms' ? await repo.findUserByPhone(tx, phone) : pendingChange ? await repo.findUserById(tx, pendingChange.user_id) : undefined;
        if (!user || (phoneType === 'sms' && user.phone_confirmed_at)) return '';
        return sendPhoneOtp(ctx, tx, user, phoneType, phone);
      });
      return c.json({ message_id: messageId });
    }
    if (body.type !== 'signup' && body.type !== 'email_change') {
      throw errors.validation('Missing one of these types: signup, email_change, sms, phone_change');
    }
    const email = requireEmail(body.email);
    const pkce = pkceOf(body);
    await ctx.limits.send(clientIp(c));
    const redirectTo = ctx.redirects.resolve(c.req.query('redirect_to'));
    await ctx.db.transaction(async (tx) => {
      if (body.type === 'signup') {
        const user = await repo.findUserByEmail(tx, email);
        if (!user || user.email_confirmed_at) return;
        await sendEmailToken(ctx, tx, user, { purpose: 'confirmation', mail: 'confirmation', address: email, redirectTo, pkce });
        return;
      }
      const pending = await tx.query<{ id: string }>(
        'select id from auth.users where lower(email_change) = lower($1) limit 1',
        [email],
      );
      const id = pending.rows[0]?.id;
      const user = id ? await repo.findUserById(tx, id) : undefined;
      if (!user) return;
      await sendEmailToken(ctx, tx, user, { purpose: 'email_change', mail: 'email_change', address: email, redirectTo, pkce });
    });
    return c.json({});
  });

  return app;
}
