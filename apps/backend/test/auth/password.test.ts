import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS, authFetch, codeOf, lastMail, linkOf, mailsTo, recordEvents, startVariant, uniqueEmail } from './helpers.js';

describe.each(DATABASES)('password sign-up and sign-in on %s', (database) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ database, env: GENEROUS_LIMITS });
  });
  afterAll(() => backend.stop());

  it('signs up with e-mail confirmation: a bare user, no session, and an Appforge mail with code and link', async () => {
    const email = uniqueEmail('signup');
    const supabase = backend.client();
    const { data, error } = await supabase.auth.signUp({
      email,
      password: 'correct horse',
      options: { data: { display_name: 'Ada' }, emailRedirectTo: 'http://localhost:5173/welcome' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata).toEqual({ display_name: 'Ada' });
    expect(data.user?.identities).toHaveLength(1);
    const mail = lastMail(backend, email);
    expect(mail.tag).toBe('confirmation');
    expect(mail.subject).toContain('Appforge');
    expect(mail.html).toContain(codeOf(mail));
    expect(linkOf(mail)).toContain('/auth/v1/verify?token=');
    expect(linkOf(mail)).toContain(encodeURIComponent('http://localhost:5173/welcome'));

    const early = await supabase.auth.signInWithPassword({ email, password: 'correct horse' });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);

    const events = recordEvents(supabase);
    const verified = await supabase.auth.verifyOtp({ email, token: codeOf(mail), type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email_confirmed_at).toBeTruthy();
    expect(events).toContain('SIGNED_IN');

    const signedIn = await backend.client().auth.signInWithPassword({ email, password: 'correct horse' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.token_type).toBe('bearer');
    expect(signedIn.data.session?.expires_in).toBe(3600);
  });

  it('answers a duplicate sign-up of a confirmed address with a look-alike user without identities and sends nothing', async () => {
    const email = uniqueEmail('dup');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'first password', email_confirm: true });
    const { data, error } = await backend.client().auth.signUp({ email, password: 'second password' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(mailsTo(backend, email)).toHaveLength(0);
    // The original password still works: the duplicate changed nothing.
    const signIn = await backend.client().auth.signInWithPassword({ email, password: 'first password' });
    expect(signIn.error).toBeNull();
  });

  it('refuses a password shorter than 6 characters with weak_password', async () => {
    const { data, error } = await backend.client().auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(data.user).toBeNull();
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error?.status).toBe(422);
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length']);
  });

  it('rejects a wrong password and an unknown user alike with invalid_credentials (never a 5xx)', async () => {
    const email = uniqueEmail('creds');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'right password', email_confirm: true });
    const wrong = await backend.client().auth.signInWithPassword({ email, password: 'wrong password' });
    const unknown = await backend.client().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever' });
    for (const result of [wrong, unknown]) {
      expect(result.error).toBeInstanceOf(AuthApiError);
      expect(result.error?.status).toBe(400);
      expect(result.error?.code).toBe('invalid_credentials');
      expect(result.error?.message).toBe('Invalid login credentials');
    }
  });

  it('answers an unknown grant type with 400 invalid_credentials / unsupported_grant_type', async () => {
    const response = await authFetch(backend, '/token?grant_type=client_credentials', { method: 'POST', body: '{}' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
  });

  it('answers malformed JSON with 400 bad_json in both error formats', async () => {
    const modern = await authFetch(backend, '/token?grant_type=password', { method: 'POST', body: '{"email": ' });
    expect(modern.status).toBe(400);
    expect(modern.body.code).toBe('bad_json');
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const legacy = await authFetch(backend, '/signup', { method: 'POST', body: 'not json', apiVersion: null });
    expect(legacy.status).toBe(400);
    expect(legacy.body).toMatchObject({ code: 400, error_code: 'bad_json' });
    expect(typeof legacy.body.msg).toBe('string');
  });

  it('rejects an invalid e-mail address with validation_failed', async () => {
    const { error } = await backend.client().auth.signUp({ email: 'not-an-address', password: 'long enough' });
    expect(error?.code).toBe('validation_failed');
    expect(error?.status).toBe(400);
  });

  it('answers the refresh grant without a token with the OAuth-style invalid_request', async () => {
    const response = await authFetch(backend, '/token?grant_type=refresh_token', { method: 'POST', body: '{}' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });

  it('keeps anonymous sign-in and phone sign-up switched off, with GoTrue error codes', async () => {
    const anonymous = await backend.client().auth.signInAnonymously();
    expect(anonymous.error?.code).toBe('anonymous_provider_disabled');
    expect(anonymous.error?.status).toBe(422);
    const phone = await backend.client().auth.signUp({ phone: '+15555550100', password: 'phone password' });
    expect(phone.error?.code).toBe('phone_provider_disabled');
  });

  it('rejects an unsupported verification type with validation_failed', async () => {
    const response = await authFetch(backend, '/verify', {
      method: 'POST',
      body: JSON.stringify({ type: 'telepathy', email: 'a@example.com', token: '123456' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
  });

  it('reports settings and health like GoTrue', async () => {
    const settings = await authFetch(backend, '/settings');
    expect(settings.body).toMatchObject({
      external: { email: true, phone: false, google: true, facebook: true, apple: true },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
    const health = await authFetch(backend, '/health');
    expect(health.body).toMatchObject({ name: 'GoTrue' });
  });

  describe('with autoconfirm on', () => {
    let variant: Awaited<ReturnType<typeof startVariant>>;
    beforeAll(async () => {
      variant = await startVariant(backend, { mailerAutoconfirm: true });
    });
    afterAll(() => variant.stop());

    it('signs up straight into a session and refuses a second sign-up with user_already_exists', async () => {
      const email = uniqueEmail('auto');
      const supabase = variant.client();
      const events = recordEvents(supabase);
      const { data, error } = await supabase.auth.signUp({ email, password: 'instant access' });
      expect(error).toBeNull();
      expect(data.session?.access_token).toBeTruthy();
      expect(data.user?.email_confirmed_at).toBeTruthy();
      expect(events).toContain('SIGNED_IN');
      expect(mailsTo(backend, email)).toHaveLength(0);
      const again = await variant.client().auth.signUp({ email, password: 'instant access' });
      expect(again.error?.code).toBe('user_already_exists');
      expect(again.error?.status).toBe(422);
    });
  });
});
