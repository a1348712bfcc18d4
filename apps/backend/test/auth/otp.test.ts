import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import {
  GENEROUS_LIMITS,
  authFetch,
  codeOf,
  lastMail,
  linkOf,
  mailsTo,
  pkceClient,
  recordEvents,
  redirectParams,
  uniqueEmail,
} from './helpers.js';

describe.each(DATABASES)('e-mail codes and links on %s', (database) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ database, env: GENEROUS_LIMITS });
  });
  afterAll(() => backend.stop());

  it('signs in with a 6-digit code from one mail that also carries the link, and the code works once', async () => {
    const email = uniqueEmail('otp');
    const supabase = backend.client();
    const sent = await supabase.auth.signInWithOtp({ email });
    expect(sent.error).toBeNull();
    const mail = lastMail(backend, email);
    expect(mail.tag).toBe('otp');
    const code = codeOf(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain(code);
    expect(mail.html).toContain(code);
    expect(linkOf(mail)).toMatch(/\/auth\/v1\/verify\?token=[0-9a-f]{56}&type=signup/);

    const events = recordEvents(supabase);
    const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.session?.user.email_confirmed_at).toBeTruthy();
    expect(events).toContain('SIGNED_IN');

    const replay = await backend.client().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(replay.error?.code).toBe('otp_expired');
    expect(replay.error?.status).toBe(403);
  });

  it('stores only a hash of the code', async () => {
    const email = uniqueEmail('hashed');
    await backend.client().auth.signInWithOtp({ email });
    const code = codeOf(lastMail(backend, email));
    const rows = await backend.db.query<{ token_hash: string }>(
      'select token_hash from auth.one_time_tokens where relates_to = $1',
      [email],
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]?.token_hash).not.toContain(code);
    expect(rows.rows[0]?.token_hash).toMatch(/^[0-9a-f]{56}$/);
  });

  it('sends an existing user a magic-link code and refuses unknown users when create_user is false', async () => {
    const email = uniqueEmail('magic');
    await backend.serviceClient().auth.admin.createUser({ email, email_confirm: true });
    await backend.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    const mail = lastMail(backend, email);
    expect(linkOf(mail)).toContain('type=magiclink');
    const verified = await backend.client().auth.verifyOtp({ email, token: codeOf(mail), type: 'magiclink' });
    expect(verified.error).toBeNull();

    const stranger = uniqueEmail('stranger');
    const refused = await backend.client().auth.signInWithOtp({ email: stranger, options: { shouldCreateUser: false } });
    expect(refused.error?.code).toBe('otp_disabled');
    expect(refused.error?.status).toBe(422);
    expect(mailsTo(backend, stranger)).toHaveLength(0);
  });

  it('kills a code after 5 wrong tries: the 6th try fails even with the right code', async () => {
    const email = uniqueEmail('wrong');
    await backend.client().auth.signInWithOtp({ email });
    const code = codeOf(lastMail(backend, email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { error } = await backend.client().auth.verifyOtp({ email, token: wrong, type: 'email' });
      expect(error?.code).toBe('otp_expired');
    }
    const sixth = await backend.client().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(sixth.error?.code).toBe('otp_expired');
    expect(sixth.data.session).toBeNull();
  });

  it('refuses a code older than one hour', async () => {
    const email = uniqueEmail('expired');
    await backend.client().auth.signInWithOtp({ email });
    const code = codeOf(lastMail(backend, email));
    await backend.db.query(
      `update auth.one_time_tokens set created_at = now() - interval '61 minutes' where relates_to = $1`,
      [email],
    );
    const { error } = await backend.client().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error?.code).toBe('otp_expired');
    expect(error?.message).toBe('Token has expired or is invalid');
  });

  it('allows one mail per minute per address: resend answers 429 over_email_send_rate_limit', async () => {
    const email = uniqueEmail('resend');
    const first = await backend.client().auth.signUp({ email, password: 'resend me please' });
    expect(first.error).toBeNull();
    const again = await backend.client().auth.resend({ type: 'signup', email });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.message).toMatch(/only request this after \d+ seconds/);
    expect(mailsTo(backend, email)).toHaveLength(1);
    // A minute later the resend goes out with a new code, and the old code is dead.
    const oldCode = codeOf(lastMail(backend, email));
    await backend.db.query(
      `update auth.one_time_tokens set created_at = now() - interval '61 seconds' where relates_to = $1`,
      [email],
    );
    const later = await backend.client().auth.resend({ type: 'signup', email });
    expect(later.error).toBeNull();
    expect(mailsTo(backend, email)).toHaveLength(2);
    const newCode = codeOf(lastMail(backend, email));
    if (newCode !== oldCode) {
      const stale = await backend.client().auth.verifyOtp({ email, token: oldCode, type: 'signup' });
      expect(stale.error?.code).toBe('otp_expired');
    }
    const fresh = await backend.client().auth.verifyOtp({ email, token: newCode, type: 'signup' });
    expect(fresh.error).toBeNull();
  });

  it('follows the e-mail link with GET /verify: 303 to the app with the session in the fragment', async () => {
    const email = uniqueEmail('link');
    await backend.client().auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:5173/after' } });
    const response = await fetch(linkOf(lastMail(backend, email)), { redirect: 'manual' });
    expect(response.status).toBe(303);
    const { url, fragment } = redirectParams(response.headers.get('location'));
    expect(url.origin + url.pathname).toBe('http://localhost:5173/after');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('signup');
    expect(Number(fragment.get('expires_in'))).toBe(3600);
    const accessToken = fragment.get('access_token') ?? '';
    const { data, error } = await backend.client().auth.getUser(accessToken);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('never redirects to a foreign site: redirect_to outside the allow-list falls back to the site URL', async () => {
    const email = uniqueEmail('evil');
    await backend.client().auth.signInWithOtp({ email, options: { emailRedirectTo: 'https://evil.example.com/steal' } });
    const link = linkOf(lastMail(backend, email));
    expect(link).not.toContain('evil.example.com');
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.headers.get('location')).toMatch(/^http:\/\/localhost:5173\/#access_token=/);

    // A hand-crafted link with a foreign redirect_to is not followed either.
    const crafted = await fetch(
      `${backend.url}/auth/v1/verify?token=deadbeef&type=magiclink&redirect_to=${encodeURIComponent('https://evil.example.com')}`,
      { redirect: 'manual' },
    );
    expect(crafted.status).toBe(303);
    const { url, fragment } = redirectParams(crafted.headers.get('location'));
    expect(url.origin).toBe('http://localhost:5173');
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('completes a PKCE magic link: ?code= on the redirect, exchanged with the stored verifier', async () => {
    const email = uniqueEmail('pkce');
    await backend.serviceClient().auth.admin.createUser({ email, email_confirm: true });
    const supabase = pkceClient(backend);
    await supabase.auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:5173/cb' } });
    const link = linkOf(lastMail(backend, email));
    expect(link).toContain('token=pkce_');
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const { url } = redirectParams(response.headers.get('location'));
    const code = url.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const events = recordEvents(supabase);
    const { data, error } = await supabase.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(events).toContain('SIGNED_IN');
    // The auth code is single use.
    const again = await authFetch(backend, '/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(64) }),
    });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('flow_state_not_found');
  });

  it('refuses a PKCE exchange with the wrong verifier', async () => {
    const email = uniqueEmail('badverifier');
    await backend.serviceClient().auth.admin.createUser({ email, email_confirm: true });
    await pkceClient(backend).auth.signInWithOtp({ email });
    const response = await fetch(linkOf(lastMail(backend, email)), { redirect: 'manual' });
    const code = redirectParams(response.headers.get('location')).url.searchParams.get('code');
    const exchange = await authFetch(backend, '/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'a'.repeat(112) }),
    });
    expect(exchange.status).toBe(400);
    expect(exchange.body.code).toBe('bad_code_verifier');
    const empty = await authFetch(backend, '/token?grant_type=pkce', { method: 'POST', body: '{}' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('validation_failed');
  });

  it('recovers a password: PASSWORD_RECOVERY, then updateUser sets the new password (USER_UPDATED)', async () => {
    const email = uniqueEmail('recover');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'forgotten one', email_confirm: true });
    const supabase = backend.client();
    const reset = await supabase.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:5173/reset' });
    expect(reset.error).toBeNull();
    const mail = lastMail(backend, email);
    expect(mail.tag).toBe('recovery');
    expect(linkOf(mail)).toContain('type=recovery');
    const events = recordEvents(supabase);
    const verified = await supabase.auth.verifyOtp({ email, token: codeOf(mail), type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    const updated = await supabase.auth.updateUser({ password: 'remembered one' });
    expect(updated.error).toBeNull();
    expect(events).toContain('USER_UPDATED');
    const oldPassword = await backend.client().auth.signInWithPassword({ email, password: 'forgotten one' });
    expect(oldPassword.error?.code).toBe('invalid_credentials');
    const newPassword = await backend.client().auth.signInWithPassword({ email, password: 'remembered one' });
    expect(newPassword.error).toBeNull();
  });

  it('emits PASSWORD_RECOVERY when a PKCE recovery link is exchanged', async () => {
    const email = uniqueEmail('pkcerecover');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'lost it again', email_confirm: true });
    const supabase = pkceClient(backend);
    await supabase.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:5173/reset' });
    const response = await fetch(linkOf(lastMail(backend, email)), { redirect: 'manual' });
    const { url } = redirectParams(response.headers.get('location'));
    expect(url.pathname).toBe('/reset');
    const events = recordEvents(supabase);
    const { error } = await supabase.auth.exchangeCodeForSession(url.searchParams.get('code') ?? '');
    expect(error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
  });

  it('answers /recover for an unknown address with {} and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const { error } = await backend.client().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(mailsTo(backend, email)).toHaveLength(0);
  });

  it('verifies a link hash sent as token_hash and rejects token_hash with an e-mail alongside', async () => {
    const email = uniqueEmail('tokenhash');
    await backend.client().auth.signInWithOtp({ email });
    const hash = new URL(linkOf(lastMail(backend, email))).searchParams.get('token') ?? '';
    const mixed = await authFetch(backend, '/verify', {
      method: 'POST',
      body: JSON.stringify({ token_hash: hash, email, type: 'email' }),
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.code).toBe('validation_failed');
    const { data, error } = await backend.client().auth.verifyOtp({ token_hash: hash, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('changes the e-mail address after the new address confirms it', async () => {
    const email = uniqueEmail('old');
    const newEmail = uniqueEmail('new');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'change my mail', email_confirm: true });
    const supabase = backend.client();
    await supabase.auth.signInWithPassword({ email, password: 'change my mail' });
    const { data, error } = await supabase.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(newEmail);
    const mail = lastMail(backend, newEmail);
    expect(mail.tag).toBe('email_change');
    const verified = await backend.client().auth.verifyOtp({ email: newEmail, token: codeOf(mail), type: 'email_change' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(newEmail);
    const signIn = await backend.client().auth.signInWithPassword({ email: newEmail, password: 'change my mail' });
    expect(signIn.error).toBeNull();
  });
});

describe('rate limits', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({
      env: { RATE_LIMIT_VERIFY_PER_5_MIN: '3', RATE_LIMIT_EMAIL_SENT_PER_HOUR: '2' },
    });
  });
  afterAll(() => backend.stop());

  it('answers the 4th verify within 5 minutes from one IP with 429 over_request_rate_limit', async () => {
    const email = uniqueEmail('limited');
    const codes: (string | undefined)[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const { error } = await backend.client().auth.verifyOtp({ email, token: '123456', type: 'email' });
      codes.push(error?.code);
    }
    expect(codes.slice(0, 3)).toEqual(['otp_expired', 'otp_expired', 'otp_expired']);
    expect(codes[3]).toBe('over_request_rate_limit');
    const raw = await authFetch(backend, '/verify', {
      method: 'POST',
      body: JSON.stringify({ email, token: '123456', type: 'email' }),
    });
    expect(raw.status).toBe(429);
  });

  it('caps the mails one address receives per hour with over_email_send_rate_limit', async () => {
    const email = uniqueEmail('flood');
    const results: (string | undefined)[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // Step past the once-a-minute rule so only the hourly cap applies.
      await backend.db.query(
        `update auth.one_time_tokens set created_at = now() - interval '2 minutes' where relates_to = $1`,
        [email],
      );
      const { error } = await backend.client().auth.signInWithOtp({ email });
      results.push(error?.code);
    }
    expect(results).toEqual([undefined, undefined, 'over_email_send_rate_limit']);
    expect(mailsTo(backend, email)).toHaveLength(2);
  });
});
