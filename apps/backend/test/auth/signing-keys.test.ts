// Asymmetric signing keys: ES256/RS256 access tokens, the JWKS under /auth/v1, HS256 still accepted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey } from '../../src/auth/signing-key.js';
import { loadConfig } from '../../src/env.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS, authFetch, uniqueEmail } from './helpers.js';

const SUPABASE_KID = 'b81269f1-21d8-4f2e-b719-c2240a840d90';

/** A private key as `supabase gen signing-key` writes it (and GOTRUE_JWT_KEYS carries it). */
async function supabaseSigningKey(keyOps: string[] = ['sign', 'verify']): Promise<Record<string, unknown>> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: SUPABASE_KID, use: 'sig', key_ops: keyOps, alg: 'ES256', ext: true };
}

describe.each(DATABASES)('asymmetric signing keys on %s', (database) => {
  let es: TestBackend;
  let rs: TestBackend;
  let supabaseShaped: TestBackend;

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const rsJwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'rsa-key-1' });
    [es, rs, supabaseShaped] = await Promise.all([
      startTestBackend({ database, env: { ...GENEROUS_LIMITS, JWT_SIGNING_ALG: 'ES256' } }),
      startTestBackend({ database, env: { ...GENEROUS_LIMITS, JWT_SIGNING_ALG: 'RS256', JWT_SIGNING_KEY: rsJwk } }),
      startTestBackend({ database, env: { ...GENEROUS_LIMITS, JWT_SIGNING_ALG: 'ES256', JWT_SIGNING_KEY: JSON.stringify([await supabaseSigningKey()]) } }),
    ]);
  });
  afterAll(() => Promise.all([es.stop(), rs.stop(), supabaseShaped.stop()]));

  it('starts with a key in the shape of Supabase’s signing-keys file (key_ops, ext, alg) and signs with it', async () => {
    const email = uniqueEmail('supabase-key');
    await supabaseShaped.serviceClient().auth.admin.createUser({ email, password: 'supabase shaped', email_confirm: true });
    const client = supabaseShaped.client();
    const signedIn = await client.auth.signInWithPassword({ email, password: 'supabase shaped' });
    expect(signedIn.error).toBeNull();
    const token = signedIn.data.session?.access_token ?? '';
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', kid: SUPABASE_KID });
    const jwks = (await authFetch(supabaseShaped, '/.well-known/jwks.json')).body as unknown as JSONWebKeySet;
    expect(jwks.keys).toEqual([expect.objectContaining({ kid: SUPABASE_KID, alg: 'ES256', key_ops: ['verify'] })]);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const claims = await client.auth.getClaims();
    expect(claims.data?.claims.sub).toBe(signedIn.data.user?.id);
  });

  for (const [name, alg] of [
    ['es', 'ES256'],
    ['rs', 'RS256'],
  ] as const) {
    it(`signs access tokens with ${alg}, publishes the key, and the whole API accepts them`, async () => {
      const backend = name === 'es' ? es : rs;
      const email = uniqueEmail(name);
      await backend.serviceClient().auth.admin.createUser({ email, password: 'asymmetric', email_confirm: true });
      const client = backend.client();
      const signedIn = await client.auth.signInWithPassword({ email, password: 'asymmetric' });
      const token = signedIn.data.session?.access_token ?? '';
      const header = decodeProtectedHeader(token);
      expect(header.alg).toBe(alg);
      const jwks = (await authFetch(backend, '/.well-known/jwks.json')).body as unknown as JSONWebKeySet;
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0]).toMatchObject({ kid: header.kid, alg, use: 'sig' });
      expect(jwks.keys[0]).not.toHaveProperty('d');
      if (alg === 'RS256') expect(header.kid).toBe('rsa-key-1');
      // Anyone can verify it with the published set.
      const { payload } = await jwtVerify(token, createLocalJWKSet(jwks));
      expect(payload.sub).toBe(signedIn.data.user?.id);
      // auth-js verifies locally with the JWKS, as on hosted projects.
      const claims = await client.auth.getClaims();
      expect(claims.error).toBeNull();
      expect(claims.data?.claims.sub).toBe(signedIn.data.user?.id);
      expect((await client.auth.getUser()).data.user?.email).toBe(email);
      // The data API and storage take the token; the HS256 API keys keep working.
      expect((await client.storage.listBuckets()).error).toBeNull();
      const rest = await fetch(`${backend.url}/rest/v1/`, { headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` } });
      expect(rest.status).not.toBe(401);
      await rest.arrayBuffer();
      expect((await backend.serviceClient().auth.admin.listUsers()).error).toBeNull();
      expect((await client.auth.refreshSession()).error).toBeNull();
    });
  }

  it('refuses tokens signed by another key under the same kid, and alg none', async () => {
    const email = uniqueEmail('forged');
    const created = await es.serviceClient().auth.admin.createUser({ email, password: 'the real one', email_confirm: true });
    const realToken = (await es.client().auth.signInWithPassword({ email, password: 'the real one' })).data.session?.access_token ?? '';
    const { kid } = decodeProtectedHeader(realToken);
    const { privateKey } = await generateKeyPair('ES256');
    const claims = { sub: created.data.user?.id, role: 'authenticated', aud: 'authenticated' };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: kid ?? '' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    for (const token of [forged, unsigned]) {
      const user = await authFetch(es, '/user', { token });
      expect(user.status).toBe(403);
      expect(user.body).toMatchObject({ code: 'bad_jwt' });
      const rest = await fetch(`${es.url}/rest/v1/`, { headers: { apikey: es.anonKey, authorization: `Bearer ${token}` } });
      expect(rest.status).toBe(401);
      await rest.arrayBuffer();
    }
  });
});

describe('signing key storage', () => {
  it('keeps a generated key under DATA_DIR across restarts and refuses unusable keys', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'appforge-signing-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, JWT_SIGNING_ALG: 'ES256' });
      const first = await loadSigningKey(config);
      const second = await loadSigningKey(config);
      expect(first?.kid).toBeDefined();
      expect(second?.kid).toBe(first?.kid);
      expect(await loadSigningKey(loadConfig({ DATA_DIR: dataDir }))).toBeUndefined();
      const rsa = JSON.stringify(await exportJWK((await generateKeyPair('RS256', { extractable: true })).privateKey));
      await expect(loadSigningKey(loadConfig({ DATA_DIR: dataDir, JWT_SIGNING_ALG: 'ES256', JWT_SIGNING_KEY: rsa }))).rejects.toThrow(
        /does not fit JWT_SIGNING_ALG=ES256/,
      );
      // A single JWK with key_ops is taken as well; one marked verify-only is not a signing key.
      const single = await loadSigningKey(loadConfig({ DATA_DIR: dataDir, JWT_SIGNING_ALG: 'ES256', JWT_SIGNING_KEY: JSON.stringify(await supabaseSigningKey()) }));
      expect(single?.kid).toBe(SUPABASE_KID);
      await expect(
        loadSigningKey(loadConfig({ DATA_DIR: dataDir, JWT_SIGNING_ALG: 'ES256', JWT_SIGNING_KEY: JSON.stringify(await supabaseSigningKey(['verify'])) })),
      ).rejects.toThrow(/key_ops has no "sign"/);
      const publicOnly = JSON.stringify(await exportJWK((await generateKeyPair('ES256', { extractable: true })).publicKey));
      await expect(loadSigningKey(loadConfig({ DATA_DIR: dataDir, JWT_SIGNING_ALG: 'ES256', JWT_SIGNING_KEY: publicOnly }))).rejects.toThrow(
        /private EC or RSA JWK/,
      );
      await expect(loadSigningKey(loadConfig({ DATA_DIR: dataDir, JWT_SIGNING_ALG: 'RS256', JWT_SIGNING_KEY: 'not json' }))).rejects.toThrow(
        /must be a private JWK/,
      );
      expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SITE_URL: 'https://a.example', JWT_SIGNING_ALG: 'ES256' })).toThrow(
        /JWT_SIGNING_KEY/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
