// TOTP MFA: POST /factors, /factors/:id/challenge, /factors/:id/verify, DELETE /factors/:id
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { AppEnv } from '../../http/types.js';
import type { AuthContext } from '../context.js';
import { clientIp, isUuid, readJson } from '../context.js';
import { AuthApiError, errors } from '../errors.js';
import { requireUser } from '../guards.js';
import * as repo from '../repository.js';
import type { PendingSession } from '../sessions.js';
import { PHONE_AMR, challengePhoneFactor, checkPhoneCode, enrollPhoneFactor } from '../mfa-phone.js';
import { checkEnrolment, raiseToAal2 } from '../second-factor.js';
import { completeSession } from '../sessions.js';

const enrollBody = z.object({
  factor_type: z.string(),
  friendly_name: z.string().nullish(),
  issuer: z.string().nullish(),
  phone: z.string().nullish(),
});
const challengeBody = z.object({ channel: z.string().nullish() });
const verifyBody = z.object({ challenge_id: z.string(), code: z.string() });

function factorNotFound(): AuthApiError {
  return new AuthApiError(404, 'mfa_factor_not_found', 'Factor not found');
}

function totpFor(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

export function mfaRoutes(ctx: AuthContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const defaultIssuer = new URL(ctx.config.siteUrl).host;

  app.post('/factors', async (c) => {
    const { user, session } = await requireUser(ctx, c);
    const body = await readJson(c, enrollBody);
    // Phone factors (#20, wire): src/auth/mfa-phone.ts.
    if (body.factor_type === 'phone') return c.json(await enrollPhoneFactor(ctx, { user, session }, body));
    if (body.factor_type === 'webauthn') {
      throw new AuthApiError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    }
    if (body.factor_type !== 'totp') throw errors.validation('factor_type needs to be totp, phone or webauthn');
    const issuer = body.issuer?.trim() || defaultIssuer;
    const friendlyName = body.friendly_name?.trim() ?? '';
    const result = await ctx.db.transaction(async (tx) => {
      await checkEnrolment(tx, user.id, session, friendlyName, ctx.settings.mfaChallengeExpirySeconds);
      const secret = new Secret({ size: 20 }).base32;
      const factor = await repo.insertFactor(tx, { id: randomUUID(), userId: user.id, friendlyName, type: 'totp', secret });
      return { factor, secret };
    });
    const uri = totpFor(result.secret, issuer, user.email ?? user.id).toString();
    const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    return c.json({
      id: result.factor.id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: qr, secret: result.secret, uri },
    });
  });

  app.post('/factors/:id/challenge', async (c) => {
    const { user } = await requireUser(ctx, c);
    const body = await readJson(c, challengeBody);
    await ctx.limits.mfa(clientIp(c));
    const factorId = c.req.param('id');
    if (!isUuid(factorId)) throw factorNotFound();
    const factor = await repo.findFactor(ctx.db, user.id, factorId);
    if (!factor) throw factorNotFound();
    if (factor.factor_type === 'phone') return c.json(await challengePhoneFactor(ctx, factor, body.channel, clientIp(c)));
    const challenge = await ctx.db.transaction((tx) =>
      repo.insertChallenge(tx, { id: randomUUID(), factorId: factor.id, ip: clientIp(c) }),
    );
    return c.json({
      id: challenge.id,
      type: factor.factor_type,
      expires_at: Math.floor(challenge.created_at.getTime() / 1000) + ctx.settings.mfaChallengeExpirySeconds,
    });
  });

  app.post('/factors/:id/verify', async (c) => {
    const caller = await requireUser(ctx, c);
    const body = await readJson(c, verifyBody);
    await ctx.limits.mfa(clientIp(c));
    const factorId = c.req.param('id');
    if (!isUuid(factorId)) throw factorNotFound();
    if (!isUuid(body.challenge_id)) throw new AuthApiError(404, 'mfa_challenge_expired', 'Challenge not found');
    const challengeId = body.challenge_id;
    const outcome = await ctx.db.transaction(async (tx): Promise<{ error: AuthApiError } | { session: PendingSession }> => {
      const factor = await repo.findFactor(tx, caller.user.id, factorId);
      if (!factor || (factor.factor_type !== 'phone' && !factor.secret)) return { error: factorNotFound() };
      const challenge = await repo.findChallengeForUpdate(tx, challengeId, factor.id);
      if (
        !challenge ||
        challenge.verified_at ||
        Date.now() - challenge.created_at.getTime() > ctx.settings.mfaChallengeExpirySeconds * 1000
      ) {
        return {
          error: new AuthApiError(
            422,
            'mfa_challenge_expired',
            `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
          ),
        };
      }
      if (factor.factor_type === 'phone') {
        const failure = await checkPhoneCode(ctx, tx, challenge.id, body.code);
        if (failure) return { error: failure };
      } else if (totpFor(factor.secret ?? '', defaultIssuer, caller.user.email ?? caller.user.id).validate({ token: body.code.trim(), window: 1 }) === null) {
        return { error: new AuthApiError(422, 'mfa_verification_failed', 'Invalid TOTP code entered') };
      }
      await repo.markChallengeVerified(tx, challenge.id);
      return raiseToAal2(tx, caller, factor, factor.factor_type === 'phone' ? PHONE_AMR : 'totp');
    });
    if ('error' in outcome) throw outcome.error;
    return c.json(await completeSession(ctx, outcome.session));
  });

  app.delete('/factors/:id', async (c) => {
    const { user, session } = await requireUser(ctx, c);
    const factorId = c.req.param('id');
    if (!isUuid(factorId)) throw factorNotFound();
    await ctx.db.transaction(async (tx) => {
      const factor = await repo.findFactor(tx, user.id, factorId);
      if (!factor) throw factorNotFound();
      if (factor.status === 'verified' && session.aal !== 'aal2') {
        throw errors.insufficientAal('AAL2 required to unenroll verified factor');
      }
      await repo.deleteFactor(tx, factor.id);
      await repo.downgradeSessionsAfterFactorRemoval(tx, user.id, factor.id);
    });
    return c.json({ id: factorId });
  });

  return app;
}
