// WebAuthn MFA (auth-js `mfa.enroll({ factorType: 'webauthn' })`, `mfa.webauthn.register/authenticate`):
// mounted before routes/mfa.ts, it answers POST /factors for factor_type webauthn and
// POST /factors/:id/{challenge,verify} for webauthn factors, and passes everything else on.
import { randomUUID } from 'node:crypto';
import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server';
import type { Context, Next } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Queryable } from '../../db/database.js';
import type { AppEnv } from '../../http/types.js';
import type { AuthContext } from '../context.js';
import { clientIp, isUuid, readJson } from '../context.js';
import { AuthApiError, errors } from '../errors.js';
import { requireUser } from '../guards.js';
import * as repo from '../repository.js';
import type { FactorRow } from '../repository.js';
import type { PendingSession } from '../sessions.js';
import { checkEnrolment, raiseToAal2 } from '../second-factor.js';
import { completeSession } from '../sessions.js';
import type { RelyingParty } from '../webauthn.js';
import { authenticationCredential, registrationCredential, userHandleOf, verifyAssertion, verifyRegistration } from '../webauthn.js';

/** auth-js sends camelCase (`rpId`, `rpOrigins`); GoTrue also takes `rp_id`, `rp_origins`. */
const relyingPartyFields = {
  rpId: z.string().max(253).optional(),
  rp_id: z.string().max(253).optional(),
  rpOrigins: z.array(z.string().max(2048)).max(20).optional(),
  rp_origins: z.union([z.array(z.string().max(2048)).max(20), z.string().max(4096)]).optional(),
};
const enrollBody = z.object({ factor_type: z.string().optional(), friendly_name: z.string().nullish() });
const challengeBody = z.object({ webauthn: z.object(relyingPartyFields).nullish() });
const verifyBody = z.object({
  challenge_id: z.string(),
  webauthn: z.object({ ...relyingPartyFields, type: z.enum(['create', 'request']), credential_response: z.unknown() }),
});

interface StoredFactorCredential {
  id: string;
  public_key: string;
  counter: number;
  transports: string[];
}

interface WebauthnFactorRow extends FactorRow {
  web_authn_credential: StoredFactorCredential | null;
}

interface SessionData {
  challenge: string;
  type: 'create' | 'request';
}

function verificationFailed(detail: string): AuthApiError {
  return new AuthApiError(422, 'mfa_verification_failed', `WebAuthn verification failed: ${detail}`);
}

/** The relying party the browser names must be ours (it cannot widen the configured origins). */
function checkRelyingParty(rp: RelyingParty, fields: z.infer<z.ZodObject<typeof relyingPartyFields>> | null | undefined): void {
  if (!fields) return;
  const rpId = fields.rpId ?? fields.rp_id;
  if (rpId !== undefined && rpId.toLowerCase() !== rp.rpId) {
    throw errors.validation(`rp_id "${rpId}" is not this server's relying party`);
  }
  const raw = fields.rpOrigins ?? fields.rp_origins;
  const origins = typeof raw === 'string' ? raw.split(',').map((part) => part.trim()).filter(Boolean) : (raw ?? []);
  for (const origin of origins) {
    if (!rp.origins.includes(origin)) throw errors.validation(`rp_origins: "${origin}" is not an allowed origin`);
  }
}

async function findWebauthnFactor(q: Queryable, userId: string, id: string): Promise<WebauthnFactorRow | undefined> {
  const result = await q.query<WebauthnFactorRow>(
    `select * from auth.mfa_factors where id = $1 and user_id = $2 and factor_type = 'webauthn'`,
    [id, userId],
  );
  return result.rows[0];
}

function factorNotFound(): AuthApiError {
  return new AuthApiError(404, 'mfa_factor_not_found', 'Factor not found');
}

function challengeExpired(id: string): AuthApiError {
  return new AuthApiError(
    422,
    'mfa_challenge_expired',
    `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
  );
}

export function webauthnMfaRoutes(ctx: AuthContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const rp = ctx.config.webauthn;
  const expirySeconds = ctx.settings.mfaChallengeExpirySeconds;

  /** Whether the factor in the path is a WebAuthn one (else the TOTP/phone routes answer). */
  async function isWebauthnFactor(c: Context<AppEnv>): Promise<boolean> {
    const id = c.req.param('id');
    if (!isUuid(id)) return false;
    const result = await ctx.db.query<{ factor_type: string }>('select factor_type from auth.mfa_factors where id = $1', [id]);
    return result.rows[0]?.factor_type === 'webauthn';
  }

  app.post('/factors', async (c, next: Next) => {
    const peek = await readJson(c, z.object({ factor_type: z.unknown() }).loose());
    if (peek.factor_type !== 'webauthn') return next();
    const { user, session } = await requireUser(ctx, c);
    if (!rp.mfaEnabled) throw new AuthApiError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    const body = await readJson(c, enrollBody);
    const friendlyName = body.friendly_name?.trim() ?? '';
    const factor = await ctx.db.transaction(async (tx) => {
      await checkEnrolment(tx, user.id, session, friendlyName, expirySeconds);
      const inserted = await tx.query<FactorRow>(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status)
         values ($1, $2, $3, 'webauthn', 'unverified') returning *`,
        [randomUUID(), user.id, friendlyName],
      );
      const row = inserted.rows[0];
      if (!row) throw new Error('insert into auth.mfa_factors returned no row');
      return row;
    });
    return c.json({ id: factor.id, type: 'webauthn', friendly_name: friendlyName });
  });

  app.post('/factors/:id/challenge', async (c, next: Next) => {
    if (!(await isWebauthnFactor(c))) return next();
    const { user } = await requireUser(ctx, c);
    const body = await readJson(c, challengeBody);
    await ctx.limits.mfa(clientIp(c));
    if (!rp.mfaEnabled) throw new AuthApiError(422, 'mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
    checkRelyingParty(rp, body.webauthn);
    const factor = await findWebauthnFactor(ctx.db, user.id, c.req.param('id'));
    if (!factor) throw factorNotFound();
    const timeout = expirySeconds * 1000;
    const name = user.email || user.phone || user.id;
    const webauthn = factor.web_authn_credential
      ? {
          type: 'request' as const,
          credential_options: {
            publicKey: await generateAuthenticationOptions({
              rpID: rp.rpId,
              timeout,
              userVerification: 'preferred',
              allowCredentials: [{ id: factor.web_authn_credential.id, transports: factor.web_authn_credential.transports }],
            }),
          },
        }
      : {
          type: 'create' as const,
          credential_options: {
            publicKey: await generateRegistrationOptions({
              rpName: rp.rpName,
              rpID: rp.rpId,
              userID: userHandleOf(user.id),
              userName: name,
              userDisplayName: factor.friendly_name || name,
              timeout,
              attestationType: 'none',
              authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
            }),
          },
        };
    const sessionData: SessionData = { challenge: webauthn.credential_options.publicKey.challenge, type: webauthn.type };
    const challenge = await ctx.db.transaction(async (tx) => {
      const row = await repo.insertChallenge(tx, { id: randomUUID(), factorId: factor.id, ip: clientIp(c) });
      await tx.query('update auth.mfa_challenges set web_authn_session_data = $2::jsonb where id = $1', [row.id, JSON.stringify(sessionData)]);
      return row;
    });
    return c.json({
      id: challenge.id,
      type: 'webauthn',
      expires_at: Math.floor(challenge.created_at.getTime() / 1000) + expirySeconds,
      webauthn,
    });
  });

  app.post('/factors/:id/verify', async (c, next: Next) => {
    if (!(await isWebauthnFactor(c))) return next();
    const caller = await requireUser(ctx, c);
    const body = await readJson(c, verifyBody);
    await ctx.limits.mfa(clientIp(c));
    if (!rp.mfaEnabled) throw new AuthApiError(422, 'mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
    checkRelyingParty(rp, body.webauthn);
    const factorId = c.req.param('id');
    const challengeId = body.challenge_id;
    if (!isUuid(challengeId)) throw challengeExpired(challengeId);
    const factor = await findWebauthnFactor(ctx.db, caller.user.id, factorId);
    if (!factor) throw factorNotFound();
    // Take the challenge first (single use whatever the outcome), then check the credential.
    const taken = await ctx.db.query<{ created_at: Date; web_authn_session_data: SessionData | null }>(
      `update auth.mfa_challenges set verified_at = now()
       where id = $1 and factor_id = $2 and verified_at is null returning created_at, web_authn_session_data`,
      [challengeId, factor.id],
    );
    const challenge = taken.rows[0];
    const data = challenge?.web_authn_session_data;
    if (!challenge || !data || Date.now() - challenge.created_at.getTime() > expirySeconds * 1000) {
      throw challengeExpired(challengeId);
    }
    if (data.type !== body.webauthn.type) throw verificationFailed(`expected a "${data.type}" credential`);

    let credential: StoredFactorCredential;
    let aaguid: string | null = null;
    if (data.type === 'create') {
      const parsed = registrationCredential.safeParse(body.webauthn.credential_response);
      if (!parsed.success) throw errors.validation('Invalid request: webauthn.credential_response is not a registration credential');
      const verified = await verifyRegistration(rp, parsed.data, data.challenge, verificationFailed);
      credential = {
        id: verified.credentialId,
        public_key: Buffer.from(verified.publicKey).toString('base64url'),
        counter: verified.counter,
        transports: verified.transports,
      };
      aaguid = verified.aaguid;
    } else {
      const stored = factor.web_authn_credential;
      const parsed = authenticationCredential.safeParse(body.webauthn.credential_response);
      if (!parsed.success) throw errors.validation('Invalid request: webauthn.credential_response is not an authentication credential');
      if (!stored || parsed.data.id !== stored.id) throw verificationFailed('credential does not belong to this factor');
      const outcome = await verifyAssertion(
        rp,
        parsed.data,
        { credentialId: stored.id, publicKey: Buffer.from(stored.public_key, 'base64url'), counter: stored.counter, transports: stored.transports },
        data.challenge,
        verificationFailed,
      );
      credential = { ...stored, counter: outcome.newCounter };
    }

    const outcome = await ctx.db.transaction(async (tx): Promise<{ error: AuthApiError } | { session: PendingSession }> => {
      // The stored credential (and its counter) changes only if nobody else changed it meanwhile.
      const updated = await tx.query(
        `update auth.mfa_factors set web_authn_credential = $3::jsonb, web_authn_aaguid = coalesce($4::uuid, web_authn_aaguid), updated_at = now()
         where id = $1 and web_authn_credential is not distinct from $2::jsonb`,
        [factor.id, factor.web_authn_credential === null ? null : JSON.stringify(factor.web_authn_credential), JSON.stringify(credential), aaguid],
      );
      if (updated.rowCount === 0) return { error: verificationFailed('credential was used concurrently') };
      return raiseToAal2(tx, caller, factor, 'mfa/webauthn');
    });
    if ('error' in outcome) throw outcome.error;
    return c.json(await completeSession(ctx, outcome.session));
  });

  return app;
}
