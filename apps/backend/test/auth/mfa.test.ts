import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS, recordEvents, uniqueEmail } from './helpers.js';

function codeFor(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

describe.each(DATABASES)('TOTP multi-factor authentication on %s', (database) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ database, env: GENEROUS_LIMITS });
  });
  afterAll(() => backend.stop());

  async function signedIn(label: string): Promise<{ supabase: SupabaseClient; email: string; password: string; userId: string }> {
    const email = uniqueEmail(label);
    const password = 'mfa password';
    const created = await backend.serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
    const supabase = backend.client();
    await supabase.auth.signInWithPassword({ email, password });
    return { supabase, email, password, userId: created.data.user?.id ?? '' };
  }

  async function enrolled(supabase: SupabaseClient) {
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    if (error || !data) throw error ?? new Error('enroll failed');
    if (data.type !== 'totp') throw new Error('expected a totp factor');
    return data;
  }

  it('enrols with an otpauth URI, a base32 secret and an SVG QR code', async () => {
    const { supabase, email } = await signedIn('enrol');
    const factor = await enrolled(supabase);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(decodeURIComponent(factor.totp.uri)).toContain(email);
    expect(factor.totp.uri).toContain('issuer=localhost');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    const duplicate = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(duplicate.error?.code).toBe('mfa_factor_name_conflict');
  });

  it('challenge + verify raises the session to aal2 with totp first in amr, and the client agrees', async () => {
    const { supabase } = await signedIn('verify');
    const factor = await enrolled(supabase);
    const before = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data?.currentLevel).toBe('aal1');
    const sessionBefore = (await supabase.auth.getSession()).data.session;

    const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000);
    const wrongCode = codeFor(factor.totp.secret, 20);
    const wrong = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data?.id ?? '', code: wrongCode });
    expect(wrong.error?.code).toBe('mfa_verification_failed');

    const events = recordEvents(supabase);
    const verified = await supabase.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? '',
      code: codeFor(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
    const claims = decodeJwt(verified.data?.access_token ?? '');
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['totp', 'password']);
    expect(claims.session_id).toBe(decodeJwt(sessionBefore?.access_token ?? '').session_id);
    const aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

    // The challenge is single use.
    const replay = await supabase.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? '',
      code: codeFor(factor.totp.secret),
    });
    expect(replay.error?.code).toBe('mfa_challenge_expired');

    // A refresh keeps aal2; a fresh password sign-in is aal1 with aal2 as the next level.
    const refreshed = await supabase.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').aal).toBe('aal2');
    const { data: user } = await supabase.auth.getUser();
    const fresh = backend.client();
    await fresh.auth.signInWithPassword({ email: user.user?.email ?? '', password: 'mfa password' });
    const freshAal = await fresh.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(freshAal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    // An aal1 session may not change the password of an MFA user, nor remove the verified factor.
    const pw = await fresh.auth.updateUser({ password: 'sneaky new password' });
    expect(pw.error?.code).toBe('insufficient_aal');
    const unenrol = await fresh.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenrol.error?.code).toBe('insufficient_aal');
  });

  it('unenrols from an aal2 session and drops the session back to aal1', async () => {
    const { supabase, userId } = await signedIn('unenrol');
    const factor = await enrolled(supabase);
    await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
    const listed = await backend.serviceClient().auth.admin.mfa.listFactors({ userId });
    expect(listed.data?.factors.map((item) => [item.id, item.status])).toEqual([[factor.id, 'verified']]);
    const { error } = await supabase.auth.mfa.unenroll({ factorId: factor.id });
    expect(error).toBeNull();
    const refreshed = await supabase.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').aal).toBe('aal1');
    const factors = await supabase.auth.mfa.listFactors();
    expect(factors.data?.all).toEqual([]);
  });

  it('answers an unknown factor with mfa_factor_not_found', async () => {
    const { supabase } = await signedIn('nofactor');
    const { error } = await supabase.auth.mfa.challenge({ factorId: '00000000-0000-4000-8000-000000000000' });
    expect(error?.code).toBe('mfa_factor_not_found');
    expect(error?.status).toBe(404);
  });
});
