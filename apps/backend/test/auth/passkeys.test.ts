// Passkeys and WebAuthn MFA (issue 20, Auth 3) with the unchanged supabase-js client and a
// software authenticator that makes real attestations and assertions (software-authenticator.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/env.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS, authFetch, uniqueEmail } from './helpers.js';
import { SoftwareAuthenticator } from './software-authenticator.js';
import type { Tamper } from './software-authenticator.js';

const ORIGIN = 'http://localhost:5173';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const b64 = (buffer: ArrayBuffer | Uint8Array): string => Buffer.from(buffer as ArrayBuffer).toString('base64url');

describe('the WebAuthn relying party', () => {
  it('comes from SITE_URL unless AUTH_WEBAUTHN_RP_ID / _RP_ORIGINS say otherwise, and refuses bad values', () => {
    expect(loadConfig({ SITE_URL: 'https://app.example:8443/welcome' }).webauthn).toMatchObject({
      rpId: 'app.example',
      origins: ['https://app.example:8443'],
      challengeExpirySeconds: 300,
      passkeysEnabled: true,
      mfaEnabled: true,
    });
    const custom = loadConfig({
      SITE_URL: 'https://app.example',
      AUTH_WEBAUTHN_RP_ID: 'Example',
      AUTH_WEBAUTHN_RP_ORIGINS: 'https://a.example/x, https://b.example',
      AUTH_PASSKEYS_ENABLED: 'false',
    }).webauthn;
    expect(custom).toMatchObject({ rpId: 'example', origins: ['https://a.example', 'https://b.example'], passkeysEnabled: false });
    for (const env of [{ AUTH_WEBAUTHN_RP_ORIGINS: 'not a url' }, { AUTH_WEBAUTHN_RP_ID: 'https://x/' }, { AUTH_WEBAUTHN_CHALLENGE_EXPIRY_SECONDS: '0' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });
});

describe.each(DATABASES)('passkeys and WebAuthn MFA on %s', (database) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ database, env: { ...GENEROUS_LIMITS, SITE_URL: ORIGIN } });
  });
  afterAll(() => backend.stop());

  async function signedIn(label: string): Promise<{ supabase: SupabaseClient; userId: string; email: string; password: string; token: () => Promise<string> }> {
    const email = uniqueEmail(label);
    const password = 'passkey password';
    const created = await backend.serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
    const supabase = backend.client();
    const { error } = await supabase.auth.signInWithPassword({ email, password });
    if (error) throw error;
    const token = async () => (await supabase.auth.getSession()).data.session?.access_token ?? '';
    return { supabase, userId: created.data.user?.id ?? '', email, password, token };
  }

  async function register(supabase: SupabaseClient, authenticator: SoftwareAuthenticator, tamper: Tamper = {}) {
    const { data: options, error } = await supabase.auth.passkey.startRegistration();
    if (error || !options) throw error ?? new Error('no registration options');
    return supabase.auth.passkey.verifyRegistration({
      challengeId: options.challenge_id,
      credential: authenticator.create(options.options, tamper),
    });
  }

  async function signIn(authenticator: SoftwareAuthenticator, tamper: Tamper = {}) {
    const client = backend.client();
    const { data: options, error } = await client.auth.passkey.startAuthentication();
    if (error || !options) throw error ?? new Error('no authentication options');
    const result = await client.auth.passkey.verifyAuthentication({
      challengeId: options.challenge_id,
      credential: authenticator.get(options.options, tamper),
    });
    return { client, result, options };
  }

  async function passkeyRows(userId: string) {
    return (
      await backend.db.query<{ sign_count: string; last_used_at: Date | null }>(
        'select sign_count::text as sign_count, last_used_at from auth.webauthn_credentials where user_id = $1',
        [userId],
      )
    ).rows;
  }

  it('registers a passkey in Settings terms, lists, renames, signs in with it and counts its use', async () => {
    const { supabase, userId } = await signedIn('passkey');
    const { data: options } = await supabase.auth.passkey.startRegistration();
    expect(options?.challenge_id).toMatch(UUID);
    expect(options?.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(options?.options.rp.id).toBe('localhost');
    expect(options?.options.authenticatorSelection?.residentKey).toBe('required');
    expect(options?.options.pubKeyCredParams).toEqual(expect.arrayContaining([{ alg: -7, type: 'public-key' }]));

    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const created = await register(supabase, authenticator);
    expect(created.error).toBeNull();
    expect(created.data?.id).toMatch(UUID);
    const listed = await supabase.auth.passkey.list();
    expect(listed.data?.map((passkey) => passkey.id)).toEqual([created.data?.id]);
    expect(listed.data?.[0]?.last_used_at).toBeUndefined();

    const renamed = await supabase.auth.passkey.update({ passkeyId: created.data?.id ?? '', friendlyName: 'Laptop' });
    expect(renamed.data?.friendly_name).toBe('Laptop');

    const { client, result, options: signInOptions } = await signIn(authenticator);
    expect(signInOptions.options.allowCredentials ?? []).toHaveLength(0);
    expect(result.error).toBeNull();
    expect(result.data?.user?.id).toBe(userId);
    const session = (await client.auth.getSession()).data.session;
    expect(session?.access_token).toBe(result.data?.session?.access_token);
    const claims = decodeJwt(session?.access_token ?? '') as { amr: { method: string }[]; aal: string };
    expect(claims.amr[0]?.method).toBe('passkey');
    expect(claims.aal).toBe('aal1');
    expect((await client.auth.getUser()).data.user?.id).toBe(userId);
    const [row] = await passkeyRows(userId);
    expect(row?.sign_count).toBe('1');
    expect(row?.last_used_at).not.toBeNull();
    expect((await supabase.auth.passkey.list()).data?.[0]?.last_used_at).toEqual(expect.any(String));

    // A second sign-in moves the counter again.
    expect((await signIn(authenticator)).result.error).toBeNull();
    expect((await passkeyRows(userId))[0]?.sign_count).toBe('2');

    // Deleting it ends sign-in with it.
    expect((await supabase.auth.passkey.delete({ passkeyId: created.data?.id ?? '' })).error).toBeNull();
    expect((await supabase.auth.passkey.list()).data).toEqual([]);
    expect((await signIn(authenticator)).result.error?.code).toBe('webauthn_verification_failed');
  });

  it('refuses hostile registrations and stores nothing', async () => {
    const { supabase, userId, token } = await signedIn('reg-hostile');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    for (const tamper of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { type: 'webauthn.get' },
      { challenge: b64(Buffer.from('not the challenge')) },
    ]) {
      const refused = await register(supabase, authenticator, tamper);
      expect(refused.error?.code, JSON.stringify(tamper)).toBe('webauthn_verification_failed');
      expect((refused.error as { status?: number } | null)?.status).toBe(400);
    }

    // Unknown, replayed, expired challenges and another user's challenge.
    const { data: options } = await supabase.auth.passkey.startRegistration();
    const unknown = await supabase.auth.passkey.verifyRegistration({
      challengeId: '00000000-0000-0000-0000-000000000000',
      credential: authenticator.create(options?.options ?? { challenge: '', rp: {}, user: { id: '' } }),
    });
    expect(unknown.error?.code).toBe('webauthn_challenge_not_found');
    const other = await signedIn('reg-other');
    const stolen = await other.supabase.auth.passkey.verifyRegistration({
      challengeId: options?.challenge_id ?? '',
      credential: new SoftwareAuthenticator(ORIGIN).create(options?.options ?? { challenge: '', rp: {}, user: { id: '' } }),
    });
    expect(stolen.error?.code).toBe('webauthn_challenge_not_found');
    const mine = await supabase.auth.passkey.verifyRegistration({
      challengeId: options?.challenge_id ?? '',
      credential: authenticator.create(options?.options ?? { challenge: '', rp: {}, user: { id: '' } }),
    });
    expect(mine.error).toBeNull();
    const replay = await supabase.auth.passkey.verifyRegistration({
      challengeId: options?.challenge_id ?? '',
      credential: new SoftwareAuthenticator(ORIGIN).create(options?.options ?? { challenge: '', rp: {}, user: { id: '' } }),
    });
    expect(replay.error?.code).toBe('webauthn_challenge_not_found');

    const { data: late } = await supabase.auth.passkey.startRegistration();
    await backend.db.query(`update auth.webauthn_challenges set expires_at = now() - interval '1 second' where id = $1`, [late?.challenge_id]);
    const expired = await supabase.auth.passkey.verifyRegistration({
      challengeId: late?.challenge_id ?? '',
      credential: new SoftwareAuthenticator(ORIGIN).create(late?.options ?? { challenge: '', rp: {}, user: { id: '' } }),
    });
    expect(expired.error?.code).toBe('webauthn_challenge_expired');

    // The same authenticator's credential cannot be registered again, by anyone.
    const again = await register(other.supabase, authenticator);
    expect(again.error?.code).toBe('webauthn_credential_exists');
    expect(await passkeyRows(userId)).toHaveLength(1);
    expect(await passkeyRows(other.userId)).toHaveLength(0);

    // Raw hostile bodies: malformed credential, bad JSON, no session.
    const { data: fresh } = await supabase.auth.passkey.startRegistration();
    const malformed = await authFetch(backend, '/passkeys/registration/verify', {
      method: 'POST',
      token: await token(),
      body: JSON.stringify({ challenge_id: fresh?.challenge_id, credential: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '<script>' } } }),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('validation_failed');
    const anonymous = await authFetch(backend, '/passkeys/registration/options', { method: 'POST', body: '{}' });
    expect(anonymous.status).toBe(403);
    expect((await backend.client().auth.passkey.startRegistration()).error?.name).toBe('AuthSessionMissingError');
    expect(await passkeyRows(userId)).toHaveLength(1);
  });

  it('refuses hostile sign-ins: replayed challenge, unknown credential, wrong origin, forged signature, stale counter, expired', async () => {
    const { supabase, userId } = await signedIn('signin-hostile');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    expect((await register(supabase, authenticator)).error).toBeNull();

    const client = backend.client();
    const { data: options } = await client.auth.passkey.startAuthentication();
    const assertion = authenticator.get(options?.options ?? { challenge: '' });
    const first = await client.auth.passkey.verifyAuthentication({ challengeId: options?.challenge_id ?? '', credential: assertion });
    expect(first.error).toBeNull();
    const replayed = await client.auth.passkey.verifyAuthentication({ challengeId: options?.challenge_id ?? '', credential: assertion });
    expect(replayed.error?.code).toBe('webauthn_challenge_not_found');

    const stranger = new SoftwareAuthenticator(ORIGIN);
    stranger.create({ challenge: b64(Buffer.from('x')), rp: { id: 'localhost' }, user: { id: b64(Buffer.from(userId)) } });
    expect((await signIn(stranger)).result.error?.code).toBe('webauthn_verification_failed');

    for (const tamper of [{ origin: 'http://localhost:6666' }, { rpId: 'example.com' }, { forgeSignature: true }, { counter: 1 }, { type: 'webauthn.create' }]) {
      const { result } = await signIn(authenticator, tamper);
      expect(result.error?.code, JSON.stringify(tamper)).toBe('webauthn_verification_failed');
      expect(result.data?.session ?? null).toBeNull();
    }

    const { data: late } = await client.auth.passkey.startAuthentication();
    await backend.db.query(`update auth.webauthn_challenges set expires_at = now() - interval '1 second' where id = $1`, [late?.challenge_id]);
    const expired = await client.auth.passkey.verifyAuthentication({
      challengeId: late?.challenge_id ?? '',
      credential: authenticator.get(late?.options ?? { challenge: '' }),
    });
    expect(expired.error?.code).toBe('webauthn_challenge_expired');
    // Only the one good sign-in counted.
    expect((await passkeyRows(userId))[0]?.sign_count).toBe('1');
    const sessions = await backend.db.query('select 1 from auth.sessions where user_id = $1', [userId]);
    expect(sessions.rowCount).toBe(2);
  });

  it("keeps one user's passkeys from another, and lets the admin list and delete them", async () => {
    const owner = await signedIn('owner');
    const other = await signedIn('other');
    const created = await register(owner.supabase, new SoftwareAuthenticator(ORIGIN));
    const passkeyId = created.data?.id ?? '';
    expect((await other.supabase.auth.passkey.list()).data).toEqual([]);
    const theft = await other.supabase.auth.passkey.delete({ passkeyId });
    expect(theft.error?.code).toBe('webauthn_credential_not_found');
    expect(theft.error?.status).toBe(404);
    const rename = await other.supabase.auth.passkey.update({ passkeyId, friendlyName: 'mine now' });
    expect(rename.error?.status).toBe(404);
    expect(await passkeyRows(owner.userId)).toHaveLength(1);

    const admin = backend.serviceClient().auth.admin;
    expect((await admin.passkey.listPasskeys({ userId: owner.userId })).data?.map((p) => p.id)).toEqual([passkeyId]);
    const notAdmin = await authFetch(backend, `/admin/users/${owner.userId}/passkeys`, { token: await other.token() });
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.code).toBe('not_admin');
    expect((await admin.passkey.deletePasskey({ userId: owner.userId, passkeyId })).error).toBeNull();
    expect((await owner.supabase.auth.passkey.list()).data).toEqual([]);

    // The tables are auth-internal: the API roles can neither read nor write them.
    for (const role of ['anon', 'authenticated']) {
      for (const sql of ['select * from auth.webauthn_credentials', 'delete from auth.webauthn_challenges', 'update auth.webauthn_credentials set sign_count = 0']) {
        await expect(
          backend.db.transaction(async (tx) => {
            await tx.query(`set local role ${role}`);
            await tx.query(sql);
          }),
        ).rejects.toMatchObject({ code: '42501' });
      }
    }
  });

  describe('WebAuthn as a second factor', () => {
    type ChallengeOptions = { challenge: ArrayBuffer; rp?: { id?: string }; rpId?: string; user?: { id: ArrayBuffer } };
    const webauthn = { rpId: 'localhost', rpOrigins: [ORIGIN] };

    async function mfaCeremony(supabase: SupabaseClient, factorId: string, authenticator: SoftwareAuthenticator, tamper: Tamper = {}) {
      const challenge = await supabase.auth.mfa.challenge({ factorId, webauthn });
      if (challenge.error || challenge.data.type !== 'webauthn') throw challenge.error ?? new Error('not a webauthn challenge');
      const kind = challenge.data.webauthn.type;
      const publicKey = challenge.data.webauthn.credential_options.publicKey as unknown as ChallengeOptions;
      const json =
        kind === 'create'
          ? authenticator.create({ challenge: b64(publicKey.challenge), rp: { id: publicKey.rp?.id }, user: { id: b64(publicKey.user?.id ?? new ArrayBuffer(0)) } }, tamper)
          : authenticator.get({ challenge: b64(publicKey.challenge), rpId: publicKey.rpId }, tamper);
      const verify = () =>
        supabase.auth.mfa.verify({
          factorId,
          challengeId: challenge.data.id,
          webauthn: { ...webauthn, type: kind, credential_response: { toJSON: () => json } as never },
        });
      return { kind, result: await verify(), verify };
    }

    it('enrols a security key, raises sessions to aal2 with it, and refuses replays and foreign keys', async () => {
      const { supabase, email, password } = await signedIn('mfa-webauthn');
      const enrolled = await supabase.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Security key' });
      expect(enrolled.error).toBeNull();
      expect(enrolled.data?.type).toBe('webauthn');
      const factorId = enrolled.data?.id ?? '';
      const key = new SoftwareAuthenticator(ORIGIN);

      const created = await mfaCeremony(supabase, factorId, key);
      expect(created.kind).toBe('create');
      expect(created.result.error).toBeNull();
      expect((decodeJwt(created.result.data?.access_token ?? '') as { aal: string }).aal).toBe('aal2');
      const factors = await supabase.auth.mfa.listFactors();
      expect(factors.data?.webauthn.map((factor) => factor.id)).toEqual([factorId]);

      // A new password session starts at aal1 and needs the key.
      const later = backend.client();
      await later.auth.signInWithPassword({ email, password });
      expect((await later.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
      const requested = await mfaCeremony(later, factorId, key);
      expect(requested.kind).toBe('request');
      expect(requested.result.error).toBeNull();
      const claims = decodeJwt(requested.result.data?.access_token ?? '') as { aal: string; amr: { method: string }[] };
      expect(claims.aal).toBe('aal2');
      expect(claims.amr.map((claim) => claim.method)).toContain('mfa/webauthn');
      const replay = await requested.verify();
      expect(replay.error?.code).toBe('mfa_challenge_expired');

      // Another person's key, a wrong origin, a forged signature: refused, session stays aal1.
      const third = backend.client();
      await third.auth.signInWithPassword({ email, password });
      const foreign = new SoftwareAuthenticator(ORIGIN);
      foreign.create({ challenge: b64(Buffer.from('x')), rp: { id: 'localhost' }, user: { id: 'eA' } });
      for (const [authenticator, tamper] of [
        [foreign, {}],
        [key, { origin: 'https://evil.example' }],
        [key, { forgeSignature: true }],
      ] as const) {
        const refused = await mfaCeremony(third, factorId, authenticator, tamper);
        expect(refused.result.error?.code).toBe('mfa_verification_failed');
      }
      expect((await third.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1');

      // The browser cannot name another relying party.
      const widened = await third.auth.mfa.challenge({ factorId, webauthn: { rpId: 'localhost', rpOrigins: ['https://evil.example'] } });
      expect(widened.error?.code).toBe('validation_failed');
      // A TOTP factor still enrols through the TOTP routes.
      const totp = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'App' });
      expect(totp.data?.type).toBe('totp');
    });
  });
});
