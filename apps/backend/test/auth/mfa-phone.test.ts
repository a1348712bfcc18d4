// Phone MFA through unchanged supabase-js: mfa.enroll({ factorType: 'phone' }), mfa.challenge (the
// code goes out through the SMS provider — the dev inbox here, Twilio's fake below; test numbers
// take their fixed code and get no SMS), mfa.verify raising the session to aal2 with `mfa/phone`,
// GoTrue's errors, and the hostile cases: bad numbers, wrong / expired / replayed codes, another
// user's factor and challenge, WhatsApp without Twilio, the feature switched off.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsInboxAddress } from '../../src/auth/sms.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS, uniqueEmail, uniquePhone as sharedUniquePhone } from './helpers.js';

const uniquePhone = (): string => sharedUniquePhone('4420');

const TEST_NUMBER = '15550002222';

async function signedIn(backend: TestBackend, label: string): Promise<{ supabase: SupabaseClient; userId: string }> {
  const email = uniqueEmail(label);
  const password = 'phone mfa password';
  const created = await backend.serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  const supabase = backend.client();
  const signIn = await supabase.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return { supabase, userId: created.data.user?.id ?? '' };
}

/** A backend with phone MFA on and Twilio's Messages API at `twilio`, a loopback server the test serves. */
async function twilioBackend(twilio: Server): Promise<TestBackend> {
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
  return startTestBackend({
    database: 'pglite',
    env: {
      ...GENEROUS_LIMITS,
      AUTH_MFA_PHONE_ENABLED: 'true',
      AUTH_SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_MESSAGE_SERVICE_SID: '+15550009999',
      TWILIO_API_URL: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
    },
  });
}

/** A backend with phone MFA on, the dev inbox as SMS provider and one test number, per describe block. */
function phoneMfaBackend(database: (typeof DATABASES)[number]): () => TestBackend {
  let backend: TestBackend | undefined;
  beforeAll(async () => {
    backend = await startTestBackend({
      database,
      env: { ...GENEROUS_LIMITS, AUTH_SMS_PROVIDER: 'inbox', AUTH_MFA_PHONE_ENABLED: 'true', AUTH_SMS_TEST_OTP: `+${TEST_NUMBER}=654321` },
    });
  });
  afterAll(() => backend?.stop());
  return () => {
    if (!backend) throw new Error('the backend did not start');
    return backend;
  };
}

describe.each(DATABASES)('phone MFA on %s', (database) => {
  const started = phoneMfaBackend(database);
  let backend: TestBackend;
  beforeAll(() => {
    backend = started();
  });
  const smsTo = (phone: string) => backend.mailbox?.search(`to:${smsInboxAddress(phone)}`) ?? [];
  const lastCode = (phone: string): string => {
    const code = /Your code is (\d{6})/.exec(smsTo(phone)[0]?.text ?? '')?.[1];
    if (!code) throw new Error(`no SMS code for ${phone}`);
    return code;
  };

  it('enrols a number, sends the code by SMS, and verify raises the session to aal2', async () => {
    const { supabase } = await signedIn(backend, 'phone-mfa');
    const phone = uniquePhone();
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: `+${phone}`, friendlyName: 'My phone' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toEqual({ id: expect.any(String), type: 'phone', friendly_name: 'My phone', phone: `+${phone}` });
    const factorId = enrolled.data?.id ?? '';

    const challenge = await supabase.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ id: expect.any(String), type: 'phone' });
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(smsTo(phone)).toHaveLength(1);
    const code = lastCode(phone);
    // The code is stored hashed, never as sent.
    const stored = await backend.db.query<{ otp_code: string }>('select otp_code from auth.mfa_challenges where id = $1', [challenge.data?.id]);
    expect(stored.rows[0]?.otp_code).not.toContain(code);

    const verified = await supabase.auth.mfa.verify({ factorId, challengeId: challenge.data?.id ?? '', code });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data?.access_token ?? '') as { aal: string; amr: { method: string }[] };
    expect(claims.aal).toBe('aal2');
    expect(claims.amr[0]?.method).toBe('mfa/phone');
    const aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const factors = await supabase.auth.mfa.listFactors();
    expect(factors.data?.phone).toEqual([expect.objectContaining({ id: factorId, factor_type: 'phone', status: 'verified', phone })]);

    // The same challenge again (a replay) is refused and changes nothing.
    const replay = await supabase.auth.mfa.verify({ factorId, challengeId: challenge.data?.id ?? '', code });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
    // The same number cannot be enrolled twice once verified.
    const twice = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: `+${phone}` });
    expect(twice.error).toMatchObject({
      status: 422,
      code: 'mfa_verified_factor_exists',
      message: 'A verified phone factor already exists, unenroll the existing factor to continue',
    });
    // Unenrolling (from aal2) brings the session back down.
    const removed = await supabase.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    const refreshed = await supabase.auth.refreshSession();
    expect((decodeJwt(refreshed.data.session?.access_token ?? '') as { aal: string }).aal).toBe('aal1');
  });

  it('refuses numbers in every bad form with GoTrue’s errors, making no factor', async () => {
    const { supabase, userId } = await signedIn(backend, 'phone-mfa-bad');
    const missing = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: '' });
    expect(missing.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Phone number required to enroll Phone factor' });
    for (const phone of ['1', '+', '+0123456789', 'abc', '+1 555 12x4567', '+1234567890123456', '+44 (20) 7946 0958', '+1555000222\n2', "1'; drop table auth.users;--"]) {
      const { error } = await supabase.auth.mfa.enroll({ factorType: 'phone', phone });
      expect(error, phone).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid phone number format (E.164 required)' });
    }
    const factors = await backend.db.query('select 1 from auth.mfa_factors where user_id = $1', [userId]);
    expect(factors.rows).toHaveLength(0);
  });

  it('refuses wrong, empty and expired codes; a wrong code leaves the challenge usable', async () => {
    const { supabase } = await signedIn(backend, 'phone-mfa-wrong');
    const phone = uniquePhone();
    const factorId = (await supabase.auth.mfa.enroll({ factorType: 'phone', phone })).data?.id ?? '';
    const challengeId = (await supabase.auth.mfa.challenge({ factorId })).data?.id ?? '';
    const code = lastCode(phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await supabase.auth.mfa.verify({ factorId, challengeId, code: wrongCode });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid MFA Phone code entered' });
    const empty = await supabase.auth.mfa.verify({ factorId, challengeId, code: '' });
    expect(empty.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Code needs to be non-empty' });
    const session = (await supabase.auth.getSession()).data.session;
    expect((decodeJwt(session?.access_token ?? '') as { aal: string }).aal).toBe('aal1');

    // Another challenge within 5 s is refused (GoTrue's MFA_PHONE_MAX_FREQUENCY).
    const tooSoon = await supabase.auth.mfa.challenge({ factorId });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
    expect(tooSoon.error?.message).toMatch(/^For security purposes, you can only request this after \d seconds\.$/);

    // Past the challenge's 300 s the right code is refused.
    await backend.db.query(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [challengeId]);
    const expired = await supabase.auth.mfa.verify({ factorId, challengeId, code });
    expect(expired.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
  });

  it("keeps another user's factor and challenge out of reach", async () => {
    const alice = await signedIn(backend, 'phone-mfa-alice');
    const mallory = await signedIn(backend, 'phone-mfa-mallory');
    const phone = uniquePhone();
    const factorId = (await alice.supabase.auth.mfa.enroll({ factorType: 'phone', phone })).data?.id ?? '';
    const challengeId = (await alice.supabase.auth.mfa.challenge({ factorId })).data?.id ?? '';
    const code = lastCode(phone);
    // Mallory can neither challenge Alice's factor (no SMS is sent) nor verify with Alice's code.
    const sent = smsTo(phone).length;
    const foreign = await mallory.supabase.auth.mfa.challenge({ factorId });
    expect(foreign.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect(smsTo(phone)).toHaveLength(sent);
    const stolen = await mallory.supabase.auth.mfa.verify({ factorId, challengeId, code });
    expect(stolen.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    // Her own factor with Alice's challenge id does not work either.
    const own = (await mallory.supabase.auth.mfa.enroll({ factorType: 'phone', phone: uniquePhone() })).data?.id ?? '';
    const crossed = await mallory.supabase.auth.mfa.verify({ factorId: own, challengeId, code });
    expect(crossed.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
    expect((decodeJwt((await mallory.supabase.auth.getSession()).data.session?.access_token ?? '') as { aal: string }).aal).toBe('aal1');
    // Alice's challenge still works for Alice.
    const ok = await alice.supabase.auth.mfa.verify({ factorId, challengeId, code });
    expect(ok.error).toBeNull();
  });

});

// A second backend: MFA challenge + verify are limited to 15 a minute per IP, as on hosted projects.
describe.each(DATABASES)('phone MFA with test numbers on %s', (database) => {
  const started = phoneMfaBackend(database);
  let backend: TestBackend;
  beforeAll(() => {
    backend = started();
  });
  const smsTo = (phone: string) => backend.mailbox?.search(`to:${smsInboxAddress(phone)}`) ?? [];

  it('takes a test number’s fixed code without an SMS; WhatsApp needs Twilio', async () => {
    const { supabase } = await signedIn(backend, 'phone-mfa-test');
    const factorId = (await supabase.auth.mfa.enroll({ factorType: 'phone', phone: `+${TEST_NUMBER}` })).data?.id ?? '';
    const whatsapp = await supabase.auth.mfa.challenge({ factorId, channel: 'whatsapp' });
    expect(whatsapp.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.",
    });
    const before = smsTo(TEST_NUMBER).length;
    const verified = await supabase.auth.mfa.challengeAndVerify({ factorId, code: '654321' });
    expect(verified.error).toBeNull();
    expect(smsTo(TEST_NUMBER)).toHaveLength(before);
  });

  it('needs aal2 to add a second factor once one is verified', async () => {
    const { supabase } = await signedIn(backend, 'phone-mfa-aal');
    const factorId = (await supabase.auth.mfa.enroll({ factorType: 'phone', phone: `+${TEST_NUMBER}` })).data?.id ?? '';
    await supabase.auth.mfa.challengeAndVerify({ factorId, code: '654321' });
    // A fresh aal1 sign-in of the same user may not enrol another factor.
    const { data } = await supabase.auth.getUser();
    expect(data.user?.factors?.[0]).toMatchObject({ factor_type: 'phone', status: 'verified' });
    const other = backend.client();
    const email = data.user?.email ?? '';
    await other.auth.signInWithPassword({ email, password: 'phone mfa password' });
    const second = await other.auth.mfa.enroll({ factorType: 'phone', phone: uniquePhone() });
    expect(second.error).toMatchObject({ code: 'insufficient_aal', message: 'AAL2 required to enroll a new factor' });
  });
});

describe('phone MFA switched off (the default), and WhatsApp through Twilio', () => {
  it('answers mfa_phone_enroll_not_enabled when off', async () => {
    const backend = await startTestBackend({ database: 'pglite', env: { ...GENEROUS_LIMITS, AUTH_SMS_PROVIDER: 'inbox' } });
    try {
      const { supabase } = await signedIn(backend, 'phone-mfa-off');
      const { error } = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: '+15550003333' });
      expect(error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled', message: 'MFA enroll is disabled for Phone' });
    } finally {
      await backend.stop();
    }
  });

  it('answers a provider that refuses the challenge SMS with GoTrue’s 500 “error sending message”, and keeps no challenge', async () => {
    let refused = 0;
    const twilio = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        refused += 1;
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 21211, message: 'Invalid To number' }));
      });
    });
    const backend = await twilioBackend(twilio);
    try {
      const { supabase } = await signedIn(backend, 'phone-mfa-refused');
      const factorId = (await supabase.auth.mfa.enroll({ factorType: 'phone', phone: uniquePhone() })).data?.id ?? '';
      const challenge = await supabase.auth.mfa.challenge({ factorId });
      expect(refused).toBe(1);
      expect(challenge.data).toBeNull();
      expect(challenge.error).toMatchObject({ status: 500, message: 'error sending message' });
      const kept = await backend.db.query<{ n: number; challenged: Date | null }>(
        'select (select count(*)::int from auth.mfa_challenges where factor_id = $1) as n, (select last_challenged_at from auth.mfa_factors where id = $1) as challenged',
        [factorId],
      );
      expect(kept.rows[0]).toEqual({ n: 0, challenged: null });
      // Nothing was recorded, so the next try is not held back by the 5 s challenge limit.
      const again = await supabase.auth.mfa.challenge({ factorId });
      expect(again.error).toMatchObject({ status: 500, message: 'error sending message' });
      expect(refused).toBe(2);
    } finally {
      await backend.stop();
      await new Promise((resolve) => twilio.close(resolve));
    }
  });

  it('with test numbers only (no provider), challenges a test number and answers any other with “Failed to get SMS provider”', async () => {
    const backend = await startTestBackend({
      database: 'pglite',
      env: { ...GENEROUS_LIMITS, AUTH_MFA_PHONE_ENABLED: 'true', AUTH_SMS_TEST_OTP: `+${TEST_NUMBER}=654321` },
    });
    try {
      const { supabase } = await signedIn(backend, 'phone-mfa-test-only');
      const other = (await supabase.auth.mfa.enroll({ factorType: 'phone', phone: uniquePhone() })).data?.id ?? '';
      const refused = await supabase.auth.mfa.challenge({ factorId: other });
      expect(refused.error).toMatchObject({ status: 500, message: 'Failed to get SMS provider' });
      const test = (await supabase.auth.mfa.enroll({ factorType: 'phone', phone: `+${TEST_NUMBER}` })).data?.id ?? '';
      const challenge = await supabase.auth.mfa.challenge({ factorId: test });
      expect(challenge.error).toBeNull();
      const verified = await supabase.auth.mfa.verify({ factorId: test, challengeId: challenge.data?.id ?? '', code: '654321' });
      expect(verified.error).toBeNull();
    } finally {
      await backend.stop();
    }
  });

  it('sends the challenge over WhatsApp through Twilio’s Messages API', async () => {
    const received: URLSearchParams[] = [];
    const twilio = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(new URLSearchParams(body));
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${received.length}` }));
      });
    });
    const backend = await twilioBackend(twilio);
    try {
      const { supabase } = await signedIn(backend, 'phone-mfa-whatsapp');
      const phone = uniquePhone();
      const factorId = (await supabase.auth.mfa.enroll({ factorType: 'phone', phone })).data?.id ?? '';
      const challenge = await supabase.auth.mfa.challenge({ factorId, channel: 'whatsapp' });
      expect(challenge.error).toBeNull();
      expect(received).toHaveLength(1);
      expect(received[0]?.get('To')).toBe(`whatsapp:+${phone}`);
      expect(received[0]?.get('From')).toBe('whatsapp:+15550009999');
      const code = /Your code is (\d{6})/.exec(received[0]?.get('Body') ?? '')?.[1] ?? '';
      const verified = await supabase.auth.mfa.verify({ factorId, challengeId: challenge.data?.id ?? '', code });
      expect(verified.error).toBeNull();
      // Sign-in codes take the same channel through Twilio.
      const signInPhone = uniquePhone();
      const otp = await backend.client().auth.signInWithOtp({ phone: signInPhone, options: { channel: 'whatsapp' } });
      expect(otp.error).toBeNull();
      expect(received.at(-1)?.get('To')).toBe(`whatsapp:+${signInPhone}`);
    } finally {
      await backend.stop();
      await new Promise((resolve) => twilio.close(resolve));
    }
  });
});
