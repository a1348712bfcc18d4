// Signing-key rotation: the new key (JWT_SIGNING_KEY) signs every new token, the rotated-out one
// (JWT_PREVIOUS_KEYS) stays published in the JWKS and keeps verifying the tokens it signed until
// it is removed; a key in neither set is refused everywhere.
import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import type { CryptoKey, JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previousKeysFromJson } from '../../src/auth/signing-key.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS, authFetch, uniqueEmail } from './helpers.js';

/** The payload of a real session's token, signed again by another key (as the old key signed it). */
async function resign(token: string, key: CryptoKey, kid: string): Promise<string> {
  return new SignJWT(decodeJwt(token)).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid }).sign(key);
}

describe.each(DATABASES)('signing-key rotation on %s', (database) => {
  let backend: TestBackend;
  let oldKey: CryptoKey;
  let strangerKey: CryptoKey;

  beforeAll(async () => {
    const [previous, current, stranger] = await Promise.all([
      generateKeyPair('ES256', { extractable: true }),
      generateKeyPair('ES256', { extractable: true }),
      generateKeyPair('ES256'),
    ]);
    oldKey = previous.privateKey;
    strangerKey = stranger.privateKey;
    backend = await startTestBackend({
      database,
      env: {
        ...GENEROUS_LIMITS,
        JWT_SIGNING_ALG: 'ES256',
        JWT_SIGNING_KEY: JSON.stringify({ ...(await exportJWK(current.privateKey)), kid: 'key-2026-11' }),
        // Only the public half is needed; a private JWK would be reduced to it.
        JWT_PREVIOUS_KEYS: JSON.stringify([{ ...(await exportJWK(previous.publicKey)), kid: 'key-2026-05' }]),
      },
    });
  });
  afterAll(() => backend.stop());

  it('signs new tokens with the new key, publishes both, and still accepts tokens of the old one', async () => {
    const email = uniqueEmail('rotate');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'rotating', email_confirm: true });
    // auth-js caches a JWKS per storage key across clients: one of our own per backend.
    const client = backend.client({ auth: { storageKey: `sb-rotation-${database}`, persistSession: false } });
    const signedIn = await client.auth.signInWithPassword({ email, password: 'rotating' });
    const fresh = signedIn.data.session?.access_token ?? '';
    expect(decodeProtectedHeader(fresh)).toMatchObject({ alg: 'ES256', kid: 'key-2026-11' });
    const jwks = (await authFetch(backend, '/.well-known/jwks.json')).body as unknown as JSONWebKeySet;
    expect(jwks.keys.map((key) => key.kid)).toEqual(['key-2026-11', 'key-2026-05']);
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d');

    // A token the old key signed before the rotation (same session): valid until it expires.
    const old = await resign(fresh, oldKey, 'key-2026-05');
    expect((await authFetch(backend, '/user', { token: old })).status).toBe(200);
    const rest = await fetch(`${backend.url}/rest/v1/rpc/none`, { method: 'POST', headers: { apikey: backend.anonKey, authorization: `Bearer ${old}` } });
    expect(rest.status).toBe(404);
    await rest.arrayBuffer();
    const oldClient = backend.client({ global: { headers: { Authorization: `Bearer ${old}` } } });
    expect((await oldClient.storage.listBuckets()).error).toBeNull();
    // auth-js verifies both locally against the published set.
    const claims = await client.auth.getClaims(old);
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.sub).toBe(signedIn.data.user?.id);
    // A refresh issues a token under the new key.
    const refreshed = await client.auth.refreshSession();
    expect(decodeProtectedHeader(refreshed.data.session?.access_token ?? '')).toMatchObject({ kid: 'key-2026-11' });
  });

  it('refuses a token under the old kid signed by any other key, an expired old token, and unknown kids', async () => {
    const email = uniqueEmail('forge');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'rotating', email_confirm: true });
    const fresh = (await backend.client().auth.signInWithPassword({ email, password: 'rotating' })).data.session?.access_token ?? '';
    const forged = await resign(fresh, strangerKey, 'key-2026-05');
    const unknownKid = await resign(fresh, oldKey, 'key-1999');
    const expired = await new SignJWT({ ...decodeJwt(fresh), exp: Math.floor(Date.now() / 1000) - 120 })
      .setProtectedHeader({ alg: 'ES256', kid: 'key-2026-05' })
      .sign(oldKey);
    for (const token of [forged, unknownKid, expired]) {
      const user = await authFetch(backend, '/user', { token });
      expect(user.status).toBe(403);
      expect(user.body).toMatchObject({ code: 'bad_jwt' });
      const rest = await fetch(`${backend.url}/rest/v1/rpc/none`, { method: 'POST', headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` } });
      expect(rest.status).toBe(401);
      await rest.arrayBuffer();
    }
  });

  it('refuses bad JWT_PREVIOUS_KEYS with a clear message', async () => {
    await expect(previousKeysFromJson('not json')).rejects.toThrow('JWT_PREVIOUS_KEYS must be a JSON array of JWKs');
    await expect(previousKeysFromJson('[{"kty":"oct","k":"c2VjcmV0"}]')).rejects.toThrow('EC P-256 or RSA keys');
    await expect(previousKeysFromJson('[{"kty":"EC","crv":"P-384","x":"a","y":"b"}]')).rejects.toThrow('P-256');
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwks = await previousKeysFromJson(JSON.stringify({ keys: [await exportJWK(publicKey)] }));
    expect(jwks[0]).toMatchObject({ alg: 'RS256', publicJwk: { kty: 'RSA', use: 'sig' } });
    expect(jwks[0]?.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
