import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateOtp, otpTokenHash, parseCodeChallenge, verifyCodeVerifier } from './crypto.js';

describe('auth crypto helpers', () => {
  it('makes 6-digit codes, leading zeros included', () => {
    const codes = Array.from({ length: 200 }, () => generateOtp(6));
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(150);
  });

  it('hashes address + code with SHA-224 like GoTrue, case-insensitively on the address', () => {
    const expected = createHash('sha224').update('ada@example.com123456').digest('hex');
    expect(otpTokenHash('Ada@Example.com', '123456')).toBe(expected);
  });

  it('treats null PKCE fields as implicit flow and rejects half or malformed ones', () => {
    expect(parseCodeChallenge(null, null)).toBeNull();
    expect(parseCodeChallenge('a'.repeat(43), null)).toBe('invalid');
    expect(parseCodeChallenge('short', 's256')).toBe('invalid');
    expect(parseCodeChallenge('a'.repeat(43), 'S256')).toEqual({ challenge: 'a'.repeat(43), method: 's256' });
  });

  it('checks an S256 verifier against its challenge', () => {
    const verifier = 'f'.repeat(112);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    expect(verifyCodeVerifier(verifier, challenge, 's256')).toBe(true);
    expect(verifyCodeVerifier('e'.repeat(112), challenge, 's256')).toBe(false);
  });
});
