// POST /token?grant_type=password|refresh_token|pkce
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/types.js';
import type { AuthContext } from '../context.js';
import { clientIp, normaliseEmail, readJson } from '../context.js';
import { verifyCodeVerifier } from '../crypto.js';
import { AuthApiError, OAuthStyleError, errors } from '../errors.js';
import { passwordMatches } from '../passwords.js';
import { normalisePhone, requireSms } from '../phone.js';
import { userForExternalIdentity } from '../external-identity.js';
import { requireUser } from '../guards.js';
import { createIdTokenVerifier, idTokenBody } from '../id-token.js';
import * as repo from '../repository.js';
import type { PendingSession } from '../sessions.js';
import { completeSession, refreshGrant, startSession } from '../sessions.js';

const passwordBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
});
const refreshBody = z.object({ refresh_token: z.string().nullish() });
const pkceBody = z.object({ auth_code: z.string().nullish(), code_verifier: z.string().nullish() });

const AMR_FOR_FLOW: Record<string, string> = {
  magiclink: 'otp',
  recovery: 'otp',
  'email/signup': 'otp',
  invite: 'otp',
  email_change: 'otp',
  oauth: 'oauth',
};

export function tokenRoutes(ctx: AuthContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const idTokens = createIdTokenVerifier(ctx.config.idTokenProviders);

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const ip = clientIp(c);
    await ctx.limits.token(ip);
    const meta = { ip, userAgent: c.req.header('user-agent') };

    if (grant === 'password') {
      const body = await readJson(c, passwordBody);
      if (body.phone && !body.email) {
        // signInWithPassword({ phone, password }): a confirmed number only (any number with SMS_AUTOCONFIRM).
        requireSms(ctx);
        const phone = normalisePhone(body.phone);
        const user = await repo.findUserByPhone(ctx.db, phone);
        const ok = await passwordMatches(body.password ?? '', user?.encrypted_password);
        if (!user || !ok || user.deleted_at || !body.password) throw errors.invalidCredentials();
        if (user.banned_until && user.banned_until.getTime() > Date.now()) throw errors.userBanned();
        if (!user.phone_confirmed_at && !ctx.settings.smsAutoconfirm) throw new AuthApiError(400, 'phone_not_confirmed', 'Phone not confirmed');
        const pending = await ctx.db.transaction((tx) => startSession(tx, user, { ...meta, method: 'password' }));
        return c.json(await completeSession(ctx, pending));
      }
      if (!body.email || !body.password) throw errors.invalidCredentials();
      let email: string;
      try {
        email = normaliseEmail(body.email);
      } catch {
        throw errors.invalidCredentials();
      }
      const password = body.password;
      const user = await repo.findUserByEmail(ctx.db, email);
      const ok = await passwordMatches(password, user?.encrypted_password);
      if (!user || !ok || user.deleted_at) throw errors.invalidCredentials();
      if (user.banned_until && user.banned_until.getTime() > Date.now()) throw errors.userBanned();
      if (!user.email_confirmed_at && !ctx.settings.mailerAutoconfirm) throw errors.emailNotConfirmed();
      const pending = await ctx.db.transaction((tx) => startSession(tx, user, { ...meta, method: 'password' }));
      const session = await completeSession(ctx, pending);
      if ([...password].length < ctx.settings.passwordMinLength) {
        session.weak_password = {
          message: `Password should be at least ${ctx.settings.passwordMinLength} characters.`,
          reasons: ['length'],
        };
      }
      return c.json(session);
    }

    if (grant === 'refresh_token') {
      const body = await readJson(c, refreshBody);
      if (!body.refresh_token) throw new OAuthStyleError(400, 'invalid_request', 'refresh_token required');
      return c.json(await refreshGrant(ctx, body.refresh_token));
    }

    if (grant === 'pkce') {
      const body = await readJson(c, pkceBody);
      if (!body.auth_code || !body.code_verifier) {
        throw errors.validation('invalid request: both auth code and code verifier should be non-empty');
      }
      const authCode = body.auth_code;
      const verifier = body.code_verifier;
      const outcome = await ctx.db.transaction(async (tx): Promise<{ error: AuthApiError } | { session: PendingSession }> => {
        const flow = await repo.findFlowStateByCode(tx, authCode);
        if (!flow?.user_id || !flow.code_challenge || !flow.code_challenge_method) {
          return { error: errors.flowStateNotFound() };
        }
        const issued = flow.auth_code_issued_at ?? flow.created_at;
        if (Date.now() - issued.getTime() > ctx.settings.flowStateExpirySeconds * 1000) {
          await repo.deleteFlowState(tx, flow.id);
          return { error: errors.flowStateExpired() };
        }
        if (!verifyCodeVerifier(verifier, flow.code_challenge, flow.code_challenge_method)) {
          return { error: errors.badCodeVerifier() };
        }
        const user = await repo.findUserById(tx, flow.user_id);
        if (!user || user.deleted_at) return { error: errors.flowStateNotFound() };
        await repo.deleteFlowState(tx, flow.id);
        const session = await startSession(tx, user, {
          ...meta,
          method: AMR_FOR_FLOW[flow.authentication_method] ?? 'otp',
        });
        return {
          session: { ...session, providerToken: flow.provider_access_token, providerRefreshToken: flow.provider_refresh_token },
        };
      });
      if ('error' in outcome) throw outcome.error;
      return c.json(await completeSession(ctx, outcome.session));
    }

    if (grant === 'id_token') {
      const body = await readJson(c, idTokenBody);
      // linkIdentity({ token }) sends the signed-in user's token along.
      let linkUserId: string | null = null;
      if (body.link_identity) {
        const { user } = await requireUser(ctx, c);
        if (!ctx.settings.manualLinking) throw new AuthApiError(404, 'manual_linking_disabled', 'Manual linking is disabled');
        linkUserId = user.id;
      }
      const { provider, profile } = await idTokens.verify(body);
      const pending = await ctx.db.transaction(async (tx) => {
        const user = await userForExternalIdentity(ctx, tx, provider, profile, linkUserId);
        if (user.banned_until && user.banned_until.getTime() > Date.now()) throw errors.userBanned();
        return startSession(tx, user, { ...meta, method: 'oauth' });
      });
      return c.json(await completeSession(ctx, pending));
    }

    if (grant === 'web3') {
      // Sign-in with Solana/Ethereum wallets is not offered: GoTrue's answer when it is off.
      throw new AuthApiError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
    }

    // GoTrue answers an unknown grant with invalid_credentials and the OAuth error name as message.
    throw new AuthApiError(400, 'invalid_credentials', 'unsupported_grant_type');
  });

  return app;
}
