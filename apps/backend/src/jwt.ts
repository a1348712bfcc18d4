import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';

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
  /** Signs HS256 with the project secret; exp = now + expiresInSeconds unless payload has exp. */
  sign(payload: JWTPayload, expiresInSeconds: number): Promise<string>;
  /** Verifies signature (HS256 only: alg none and others are rejected), exp/nbf with 30 s skew. */
  verify(token: string): Promise<JWTPayload>;
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

export async function createJwtService(secret: string, issuer: string): Promise<JwtService> {
  const key = new TextEncoder().encode(secret);
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
    sign(payload, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now);
      if (payload.exp === undefined) jwt.setExpirationTime(now + expiresInSeconds);
      return jwt.sign(key);
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
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], clockTolerance: CLOCK_TOLERANCE_S });
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
