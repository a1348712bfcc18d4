// The asymmetric key access tokens are signed with when JWT_SIGNING_ALG is ES256 or RS256.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK } from 'jose';
import type { JWK } from 'jose';
import { z } from 'zod';
import type { BackendConfig } from '../env.js';
import type { SigningKey, VerificationKey } from '../jwt.js';

const privateJwkSchema = z
  .object({
    kty: z.enum(['EC', 'RSA']),
    d: z.string().min(1),
    kid: z.string().max(200).optional(),
    alg: z.string().max(20).optional(),
    // Supabase's signing-keys file and GOTRUE_JWT_KEYS mark keys with key_ops (["sign","verify"]).
    key_ops: z.array(z.string().max(20)).max(10).optional(),
  })
  .passthrough();

/** The public half of a private JWK (the members a verifier needs). */
function publicPart(jwk: JWK): JWK {
  return jwk.kty === 'EC' ? { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } : { kty: jwk.kty, n: jwk.n, e: jwk.e };
}

/**
 * Only the key material of a private JWK: WebCrypto takes `key_ops` as the usages to import with,
 * and a private key imported for ["sign","verify"] is refused, so key_ops/use/ext stay out.
 */
function privatePart(jwk: JWK): JWK {
  const { kty, crv, x, y, d, n, e, p, q, dp, dq, qi } = jwk;
  return Object.fromEntries(Object.entries({ kty, crv, x, y, d, n, e, p, q, dp, dq, qi }).filter(([, value]) => value !== undefined));
}

/** The key that signs: a JWK, or in a JSON array / JWKS (Supabase's signing-keys file) the first private key marked for signing. */
function pickSigningJwk(parsed: unknown): unknown {
  const list: unknown = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list)) return parsed;
  return list.find((entry: unknown) => {
    const candidate = entry as { d?: unknown; key_ops?: unknown } | null;
    return typeof candidate?.d === 'string' && (!Array.isArray(candidate.key_ops) || candidate.key_ops.includes('sign'));
  });
}

/** Turns a private JWK (JSON text) into the key the JWT service signs with; throws naming the problem. */
export async function signingKeyFromJwk(text: string, alg: 'ES256' | 'RS256'): Promise<SigningKey> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('JWT_SIGNING_KEY must be a private JWK (JSON)');
  }
  const checked = privateJwkSchema.safeParse(pickSigningJwk(parsed));
  if (!checked.success) throw new Error('JWT_SIGNING_KEY must be a private EC or RSA JWK with its "d" member');
  const jwk = checked.data as JWK;
  if ((alg === 'ES256') !== (jwk.kty === 'EC') || (alg === 'ES256' && jwk.crv !== 'P-256') || (jwk.alg !== undefined && jwk.alg !== alg)) {
    throw new Error(`JWT_SIGNING_KEY does not fit JWT_SIGNING_ALG=${alg} (ES256 needs an EC P-256 key, RS256 an RSA key)`);
  }
  if (jwk.key_ops && !jwk.key_ops.includes('sign')) {
    throw new Error('JWT_SIGNING_KEY is marked as not for signing (its key_ops has no "sign")');
  }
  const publicJwk = publicPart(jwk);
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwk));
  const [privateKey, publicKey] = await Promise.all([importJWK({ ...privatePart(jwk), alg }, alg), importJWK({ ...publicJwk, alg }, alg)]);
  return { alg, kid, privateKey, publicKey, publicJwk: { ...publicJwk, kid, alg, use: 'sig', key_ops: ['verify'] } };
}

const previousJwkSchema = z.object({ kty: z.enum(['EC', 'RSA']), kid: z.string().min(1).max(200).optional() }).passthrough();

/**
 * JWT_PREVIOUS_KEYS: a JSON array of earlier signing keys (private or public JWKs; only the public
 * half is kept). ES256 for EC P-256 keys, RS256 for RSA keys; a key without `kid` gets its
 * thumbprint, as the signing key does.
 */
export async function previousKeysFromJson(text: string): Promise<VerificationKey[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('JWT_PREVIOUS_KEYS must be a JSON array of JWKs');
  }
  const checked = z.array(previousJwkSchema).max(20).safeParse(Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown } | null)?.keys);
  if (!checked.success) throw new Error('JWT_PREVIOUS_KEYS must be a JSON array (or a JWKS) of EC P-256 or RSA keys');
  return Promise.all(
    checked.data.map(async (entry) => {
      const jwk = entry as JWK;
      if (jwk.kty === 'EC' && jwk.crv !== 'P-256') throw new Error('JWT_PREVIOUS_KEYS: EC keys must use the P-256 curve');
      const alg = jwk.kty === 'EC' ? 'ES256' : 'RS256';
      const publicJwk = publicPart(jwk);
      const kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwk));
      const publicKey = await importJWK({ ...publicJwk, alg }, alg);
      return { alg, kid, publicKey, publicJwk: { ...publicJwk, kid, alg, use: 'sig', key_ops: ['verify'] } };
    }),
  );
}

/** The signing key with the rotated-out keys (JWT_PREVIOUS_KEYS) attached. */
async function withPrevious(config: BackendConfig, key: SigningKey): Promise<SigningKey> {
  if (!config.jwtPreviousKeys) return key;
  const previous = await previousKeysFromJson(config.jwtPreviousKeys);
  if (previous.some((k) => k.kid === key.kid)) throw new Error(`JWT_PREVIOUS_KEYS repeats the signing key's kid ${key.kid}`);
  return { ...key, previous };
}

/**
 * The configured signing key: JWT_SIGNING_KEY, or (outside production) one generated once and kept
 * at DATA_DIR/auth/signing-key.json so tokens outlive restarts; undefined for HS256.
 */
export async function loadSigningKey(config: BackendConfig): Promise<SigningKey | undefined> {
  const current = await loadCurrentSigningKey(config);
  return current ? withPrevious(config, current) : undefined;
}

async function loadCurrentSigningKey(config: BackendConfig): Promise<SigningKey | undefined> {
  const { alg, privateJwk } = config.jwtSigning;
  if (alg === 'HS256') return undefined;
  if (privateJwk) return signingKeyFromJwk(privateJwk, alg);
  const memory = config.dataDir.startsWith('memory://');
  const path = join(config.dataDir, 'auth', `signing-key-${alg.toLowerCase()}.json`);
  if (!memory) {
    try {
      return await signingKeyFromJwk(await readFile(path, 'utf8'), alg);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const text = JSON.stringify(jwk);
  if (!memory) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text, { mode: 0o600, flag: 'wx' }).catch((error: unknown) => {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
    return signingKeyFromJwk(await readFile(path, 'utf8'), alg);
  }
  return signingKeyFromJwk(text, alg);
}
