import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An N-digit numeric code from a CSPRNG (leading zeros kept). */
export function generateOtp(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(0, 10));
  return code;
}

/** GoTrue's stored token: hex SHA-224 of address + code (supabase-wire §1.9). */
export function otpTokenHash(address: string, otp: string): string {
  return createHash('sha224').update(address.toLowerCase() + otp).digest('hex');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Opaque refresh token: 32 URL-safe characters (192 bits). */
export function newRefreshToken(): string {
  return randomBytes(24).toString('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

export type CodeChallengeMethod = 's256' | 'plain';

/** Normalises the PKCE parameters auth-js sends (`null` in implicit mode means "no PKCE"). */
export function parseCodeChallenge(
  challenge: string | null | undefined,
  method: string | null | undefined,
): { challenge: string; method: CodeChallengeMethod } | null | 'invalid' {
  const hasChallenge = typeof challenge === 'string' && challenge !== '';
  const hasMethod = typeof method === 'string' && method !== '';
  if (!hasChallenge && !hasMethod) return null;
  if (!hasChallenge || !hasMethod) return 'invalid';
  const normalised = method.toLowerCase();
  if ((normalised !== 's256' && normalised !== 'plain') || !CHALLENGE.test(challenge)) return 'invalid';
  return { challenge, method: normalised };
}

export function verifyCodeVerifier(verifier: string, challenge: string, method: string): boolean {
  if (method.toLowerCase() === 'plain') return safeEqual(verifier, challenge);
  const computed = createHash('sha256').update(verifier).digest('base64url');
  return safeEqual(computed, challenge);
}
