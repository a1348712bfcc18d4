import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { CryptoKey, JWK, JWTPayload, JWTVerifyGetKey } from 'jose';

/** A public key tokens may be verified with (the signing key's, or an earlier one kept for rotation). */
export interface VerificationKey {
  alg: 'ES256' | 'RS256';
  kid: string;
  publicKey: CryptoKey | Uint8Array;
  /** Published at /auth/v1/.well-known/jwks.json. */
  publicJwk: JWK;
}

/** An asymmetric key access tokens are signed with (JWT_SIGNING_ALG ES256 or RS256). */
export interface SigningKey extends VerificationKey {
  privateKey: CryptoKey | Uint8Array;
  /**
   * JWT_PREVIOUS_KEYS: keys that signed earlier tokens. They are published and verify tokens by
   * their `kid` until removed (after the longest token lifetime); nothing new is signed with them.
   */
  previous?: readonly VerificationKey[];
}

export type JwtFailure = 'expired' | 'invalid';

export class JwtError extends Error {
  constructor(
    readonly reason: JwtFailure,
    message: string,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

export interface JwtService {
  /**
   * Signs with the asymmetric signing key when one is configured (header `kid`), else HS256 with
   * the project secret; exp = now + expiresInSeconds unless payload has exp.
   */
  sign(payload: JWTPayload, expiresInSeconds: number): Promise<string>;
  /**
   * Verifies the signature (HS256 with the secret, and the signing key's algorithm with its public
   * key; alg none and others are rejected), exp/nbf with 30 s skew.
   */
  verify(token: string): Promise<JWTPayload>;
  /** The public keys verifiers may use (empty with HS256 only: symmetric keys are never published). */
  readonly jwks: { keys: JWK[] };
  /** Long-lived API keys, deterministic for a given secret. */
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  readonly issuer: string;
}

/** Verified tokens kept (PostgREST's JWT cache): a signature is checked once per token. */
const VERIFIED_CACHE_SIZE = 1000;
const CLOCK_TOLERANCE_S = 30;

// Fixed iat/exp so that the keys derived from a secret never change between restarts.
const KEY_IAT = 1_767_225_600; // 2026-01-01
const KEY_EXP = 2_082_758_400; // 2036-01-01

export async function createJwtService(secret: string, issuer: string, signing?: SigningKey): Promise<JwtService> {
  const key = new TextEncoder().encode(secret);
  const previous = signing?.previous ?? [];
  const algorithms = [...new Set(['HS256', ...(signing ? [signing.alg] : []), ...previous.map((k) => k.alg)])];
  const keyFor: JWTVerifyGetKey = (header) => {
    if (header.alg === 'HS256') return key;
    if (signing && header.alg === signing.alg && (header.kid === undefined || header.kid === signing.kid)) return signing.publicKey;
    // A rotated-out key verifies only the tokens that name it.
    const earlier = previous.find((k) => k.kid === header.kid && k.alg === header.alg);
    if (earlier) return earlier.publicKey;
    throw new JwtError('invalid', 'invalid JWT');
  };
  const apiKey = (role: 'anon' | 'service_role'): Promise<string> =>
    new SignJWT({ iss: 'appforge', role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(KEY_IAT)
      .setExpirationTime(KEY_EXP)
      .sign(key);
  const [anonKey, serviceRoleKey] = await Promise.all([apiKey('anon'), apiKey('service_role')]);
  const verified = new Map<string, JWTPayload>();
  return {
    anonKey,
    serviceRoleKey,
    issuer,
    jwks: { keys: signing ? [signing.publicJwk, ...previous.map((k) => k.publicJwk)] : [] },
    sign(payload, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      const header = signing ? { alg: signing.alg, typ: 'JWT', kid: signing.kid } : { alg: 'HS256', typ: 'JWT' };
      const jwt = new SignJWT(payload).setProtectedHeader(header).setIssuedAt(now);
      if (payload.exp === undefined) jwt.setExpirationTime(now + expiresInSeconds);
      return jwt.sign(signing ? signing.privateKey : key);
    },
    async verify(token) {
      const now = Math.floor(Date.now() / 1000);
      const known = verified.get(token);
      if (known !== undefined) {
        // The signature was checked; the times are checked again on every use.
        if (typeof known.exp === 'number' && now > known.exp + CLOCK_TOLERANCE_S) {
          verified.delete(token);
          throw new JwtError('expired', 'JWT expired');
        }
        if (typeof known.nbf !== 'number' || now >= known.nbf - CLOCK_TOLERANCE_S) return known;
      }
      try {
        const { payload } = await jwtVerify(token, keyFor, { algorithms, clockTolerance: CLOCK_TOLERANCE_S });
        if (verified.size >= VERIFIED_CACHE_SIZE) {
          const oldest = verified.keys().next().value;
          if (oldest !== undefined) verified.delete(oldest);
        }
        const frozen = Object.freeze(payload);
        verified.set(token, frozen);
        return frozen;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
        throw new JwtError('invalid', 'invalid JWT');
      }
    },
  };
}
