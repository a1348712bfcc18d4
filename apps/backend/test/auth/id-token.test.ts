// grant_type=id_token through supabase-js signInWithIdToken / linkIdentity({ token }), against a
// protocol-true OIDC issuer on loopback standing in for Google: discovery, JWKS, nonce, audience,
// at_hash, key rotation at the issuer, and every bad token answered with GoTrue's words.
import { createHash } from 'node:crypto';
import { SignJWT, base64url, decodeJwt, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { JWKS_REFETCH_COOLDOWN_MS } from '../../src/auth/id-token.js';
import { startFakeOidcIssuer } from '../fake-oidc.js';
import type { FakeOidcIssuer } from '../fake-oidc.js';
import { GENEROUS_LIMITS, uniqueEmail } from './helpers.js';

const CLIENT_ID = 'web-client.apps.example';
const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

describe.each(DATABASES)('sign-in with an ID token on %s', (database) => {
  let issuer: FakeOidcIssuer;
  let backend: TestBackend;

  beforeAll(async () => {
    issuer = await startFakeOidcIssuer();
    backend = await startTestBackend({
      database,
      env: { ...GENEROUS_LIMITS, GOOGLE_ID_TOKEN_CLIENT_IDS: `other-client, ${CLIENT_ID}`, GOOGLE_ID_TOKEN_ISSUER: issuer.issuer },
    });
  });
  afterAll(async () => {
    await backend.stop();
    await issuer.close();
  });

  const userCount = async (): Promise<number> =>
    Number((await backend.db.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]?.n ?? 0);

  it('signs in with a verified ID token and its nonce, the same user every time', async () => {
    const email = uniqueEmail('idtoken');
    const nonce = 'raw-nonce-from-the-app';
    const token = await issuer.sign({ sub: 'google-sub-1', aud: CLIENT_ID, email, email_verified: true, name: 'Ida Token', nonce: sha256Hex(nonce) });
    const client = backend.client();
    const { data, error } = await client.auth.signInWithIdToken({ provider: 'google', token, nonce });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, app_metadata: { provider: 'google', providers: ['google'] }, user_metadata: { full_name: 'Ida Token' } });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'google', id: 'google-sub-1' });
    expect(decodeJwt(data.session?.access_token ?? '').amr).toEqual([expect.objectContaining({ method: 'oauth' })]);
    expect((await client.auth.getUser()).data.user?.id).toBe(data.user?.id);
    // Again, without a nonce in token or request, and with a matching at_hash: the same user.
    const accessToken = 'provider-access-token';
    const atHash = base64url.encode(createHash('sha256').update(accessToken).digest().subarray(0, 16));
    const again = await issuer.sign({ sub: 'google-sub-1', aud: [CLIENT_ID, 'x'], email, email_verified: true, at_hash: atHash });
    const second = await backend.client().auth.signInWithIdToken({ provider: 'google', token: again, access_token: accessToken });
    expect(second.error).toBeNull();
    expect(second.data.user?.id).toBe(data.user?.id);
  });

  it('links a verified address to the existing user, and links by linkIdentity({ token })', async () => {
    const email = uniqueEmail('existing');
    const admin = backend.serviceClient();
    const created = await admin.auth.admin.createUser({ email, password: 'long-enough-pw', email_confirm: true });
    expect(created.error).toBeNull();
    const token = await issuer.sign({ sub: 'google-sub-2', aud: CLIENT_ID, email, email_verified: true });
    const { data } = await backend.client().auth.signInWithIdToken({ provider: 'google', token });
    expect(data.user?.id).toBe(created.data.user?.id);
    expect(data.user?.app_metadata.providers).toEqual(['email', 'google']);

    const other = uniqueEmail('linker');
    const client = backend.client();
    await admin.auth.admin.createUser({ email: other, password: 'long-enough-pw', email_confirm: true });
    await client.auth.signInWithPassword({ email: other, password: 'long-enough-pw' });
    const linkToken = await issuer.sign({ sub: 'google-sub-3', aud: CLIENT_ID, email: 'someone-else@example.com', email_verified: true });
    const linked = await client.auth.linkIdentity({ provider: 'google', token: linkToken });
    expect(linked.error).toBeNull();
    const identities = (await client.auth.getUserIdentities()).data?.identities ?? [];
    expect(identities.map((identity) => identity.provider).sort()).toEqual(['email', 'google']);
    // The same Google account cannot be linked to a second user.
    const third = backend.client();
    const thirdEmail = uniqueEmail('third');
    await admin.auth.admin.createUser({ email: thirdEmail, password: 'long-enough-pw', email_confirm: true });
    await third.auth.signInWithPassword({ email: thirdEmail, password: 'long-enough-pw' });
    const taken = await third.auth.linkIdentity({ provider: 'google', token: linkToken });
    expect(taken.error).toMatchObject({ status: 422, code: 'identity_already_exists' });
  });

  it('follows the issuer’s key rotation through its JWKS', async () => {
    const rotated = await issuer.newKey('fake-2');
    issuer.publish(rotated);
    const fetched = issuer.hits.jwks;
    // The backend refetches keys at most once per cooldown; a new kid is found after it.
    await new Promise((resolve) => setTimeout(resolve, JWKS_REFETCH_COOLDOWN_MS + 100));
    const token = await issuer.sign({ sub: 'google-sub-rotated', aud: CLIENT_ID });
    const { error } = await backend.client().auth.signInWithIdToken({ provider: 'google', token });
    expect(error).toBeNull();
    expect(issuer.hits.jwks).toBe(fetched + 1);
    expect(issuer.hits.discovery).toBe(1);
  });

  it('refuses every bad token with GoTrue’s answer and creates no user', async () => {
    const before = await userCount();
    const client = backend.client();
    const { privateKey: strangerKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const cases: { name: string; token: string; nonce?: string; access_token?: string; message: string }[] = [
      { name: 'wrong audience', token: await issuer.sign({ sub: 's', aud: 'someone-elses-app' }), message: 'Unacceptable audience in id_token' },
      { name: 'no audience', token: await issuer.sign({ sub: 's' }), message: 'Unacceptable audience in id_token' },
      { name: 'wrong issuer', token: await issuer.sign({ sub: 's', aud: CLIENT_ID, iss: 'https://accounts.google.com.evil' }), message: 'Bad ID token' },
      { name: 'expired', token: await issuer.sign({ sub: 's', aud: CLIENT_ID, iat: now - 7200, exp: now - 3600 }), message: 'Bad ID token' },
      {
        name: 'signed by a key the issuer never published, under its kid',
        token: await new SignJWT({ iss: issuer.issuer, sub: 's', aud: CLIENT_ID, iat: now, exp: now + 600 })
          .setProtectedHeader({ alg: 'RS256', kid: 'fake-1' })
          .sign(strangerKey),
        message: 'Bad ID token',
      },
      {
        name: 'alg none',
        token: `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify({ iss: issuer.issuer, sub: 's', aud: CLIENT_ID, exp: now + 600 }))}.`,
        message: 'Bad ID token',
      },
      { name: 'garbage', token: 'not.a.token', message: 'Bad ID token' },
      { name: 'no sub', token: await issuer.sign({ aud: CLIENT_ID }), message: 'Missing sub claim in id_token' },
      {
        name: 'nonce in token, none sent',
        token: await issuer.sign({ sub: 's', aud: CLIENT_ID, nonce: sha256Hex('n') }),
        message: 'Passed nonce and nonce in id_token should either both exist or not.',
      },
      { name: 'nonce sent, none in token', token: await issuer.sign({ sub: 's', aud: CLIENT_ID }), nonce: 'n', message: 'Passed nonce and nonce in id_token should either both exist or not.' },
      { name: 'replayed with another nonce', token: await issuer.sign({ sub: 's', aud: CLIENT_ID, nonce: sha256Hex('n') }), nonce: 'other', message: 'Nonces mismatch' },
      { name: 'raw nonce in token', token: await issuer.sign({ sub: 's', aud: CLIENT_ID, nonce: 'n' }), nonce: 'n', message: 'Nonces mismatch' },
      { name: 'at_hash of another access token', token: await issuer.sign({ sub: 's', aud: CLIENT_ID, at_hash: 'AAAAAAAAAAAAAAAAAAAAAA' }), access_token: 'x', message: 'Bad ID token' },
    ];
    for (const entry of cases) {
      const { data, error } = await client.auth.signInWithIdToken({
        provider: 'google',
        token: entry.token,
        ...(entry.nonce ? { nonce: entry.nonce } : {}),
        ...(entry.access_token ? { access_token: entry.access_token } : {}),
      });
      expect(error?.message, entry.name).toBe(entry.message);
      expect(error?.status, entry.name).toBe(400);
      expect(data.session, entry.name).toBeNull();
    }
    const disabled = await client.auth.signInWithIdToken({ provider: 'apple', token: await issuer.sign({ sub: 's', aud: CLIENT_ID }) });
    expect(disabled.error).toMatchObject({ status: 400, code: 'provider_disabled', message: 'Provider (issuer "https://appleid.apple.com") is not enabled' });
    const unknown = await client.auth.signInWithIdToken({ provider: 'github', token: 'x' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Custom OIDC provider "github" not allowed' });
    const empty = await fetch(`${backend.url}/auth/v1/token?grant_type=id_token`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'google' }),
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'invalid request', error_description: 'id_token required' });
    const wrongTypes = await fetch(`${backend.url}/auth/v1/token?grant_type=id_token`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'google', id_token: { nested: true } }),
    });
    expect(wrongTypes.status).toBe(400);
    expect(await userCount()).toBe(before);
  });
});

describe.each(DATABASES)('ID tokens while the issuer cannot be reached, on %s', (database) => {
  let backend: TestBackend;

  beforeAll(async () => {
    // Nothing listens on the discard port: every discovery or key fetch fails.
    backend = await startTestBackend({
      database,
      env: { ...GENEROUS_LIMITS, GOOGLE_ID_TOKEN_CLIENT_IDS: CLIENT_ID, GOOGLE_ID_TOKEN_ISSUER: 'http://127.0.0.1:9' },
    });
  });
  afterAll(() => backend.stop());

  it('answers 400 “Bad ID token” to a token that is not a JWT, without fetching the issuer’s keys', async () => {
    for (const token of ['not-a-jwt', 'not.a.token', 'a.b', `${base64url.encode('{"alg":"RS256"}')}.not-json.sig`, '....']) {
      const { data, error } = await backend.client().auth.signInWithIdToken({ provider: 'google', token });
      expect(error, token).toMatchObject({ status: 400, message: 'Bad ID token' });
      expect(data.session, token).toBeNull();
    }
    expect((await backend.db.query('select count(*)::int as n from auth.users')).rows[0]).toEqual({ n: 0 });
  });
});
