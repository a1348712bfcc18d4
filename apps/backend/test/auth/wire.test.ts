// GoTrue behaviour the upstream auth-js suite relies on: anonymous sign-ins and their upgrade,
// reauthentication nonces, SSO and Web3 answers when off, admin pagination checks, and
// generateLink for both sides of an e-mail change.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS, authFetch, codeOf, lastMail, mailsTo, uniqueEmail } from './helpers.js';

describe.each(DATABASES)('GoTrue wire rules on %s', (database) => {
  let backend: TestBackend;
  let closed: TestBackend;

  beforeAll(async () => {
    [backend, closed] = await Promise.all([
      startTestBackend({ database, env: { ...GENEROUS_LIMITS, AUTH_ANONYMOUS_SIGN_INS: 'true' } }),
      startTestBackend({ database, env: { ...GENEROUS_LIMITS, AUTH_MANUAL_LINKING: 'false' } }),
    ]);
  });
  afterAll(() => Promise.all([backend.stop(), closed.stop()]));

  it('refuses anonymous sign-ins unless AUTH_ANONYMOUS_SIGN_INS is on', async () => {
    const refused = await closed.client().auth.signInAnonymously();
    expect(refused.error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    expect((await closed.db.query('select count(*)::int as n from auth.users')).rows[0]).toEqual({ n: 0 });
    expect((await authFetch(closed, '/settings')).body.external).toMatchObject({ anonymous_users: false });
    expect((await authFetch(backend, '/settings')).body.external).toMatchObject({ anonymous_users: true });
  });

  it('signs a visitor in anonymously and upgrades them by confirming an e-mail', async () => {
    const client = backend.client();
    const signedIn = await client.auth.signInAnonymously({ options: { data: { nickname: 'guest' } } });
    expect(signedIn.error).toBeNull();
    const user = signedIn.data.user;
    expect(user).toMatchObject({ is_anonymous: true, role: 'authenticated', user_metadata: { nickname: 'guest' } });
    expect(user?.app_metadata).toMatchObject({ provider: 'anonymous', providers: ['anonymous'] });
    const claims = decodeJwt(signedIn.data.session?.access_token ?? '');
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', sub: user?.id });
    expect(claims.amr).toEqual([expect.objectContaining({ method: 'anonymous' })]);
    // The data API sees an authenticated user with that id.
    const ctx = await fetch(`${backend.url}/rest/v1/rpc/none`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${signedIn.data.session?.access_token ?? ''}` },
    });
    expect(ctx.status).toBe(404);
    await ctx.arrayBuffer();

    const email = uniqueEmail('upgrade');
    const change = await client.auth.updateUser({ email });
    expect(change.error).toBeNull();
    const verified = await client.auth.verifyOtp({ email, token: codeOf(lastMail(backend, email)), type: 'email_change' });
    expect(verified.error).toBeNull();
    const upgraded = (await client.auth.getUser()).data.user;
    expect(upgraded).toMatchObject({ id: user?.id, email, is_anonymous: false });
    expect(upgraded?.identities?.map((identity) => identity.provider)).toEqual(['email']);
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').is_anonymous).toBe(false);
    expect((await client.auth.updateUser({ password: 'now a real account' })).error).toBeNull();
    const again = await backend.client().auth.signInWithPassword({ email, password: 'now a real account' });
    expect(again.data.user?.id).toBe(user?.id);
  });

  it('asks for a reauthentication nonce and checks it when the password changes', async () => {
    const email = uniqueEmail('reauth');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'first password', email_confirm: true });
    const client = backend.client();
    expect((await client.auth.signInWithPassword({ email, password: 'first password' })).error).toBeNull();
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const nonce = codeOf(lastMail(backend, email));
    expect(lastMail(backend, email).subject).toBe(`Your Appforge confirmation code: ${nonce}`);
    const wrong = await client.auth.updateUser({ password: 'second password', nonce: nonce === '000000' ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'reauthentication_not_valid', message: 'Requires reauthentication' });
    expect((await client.auth.updateUser({ password: 'second password', nonce })).error).toBeNull();
    expect((await backend.client().auth.signInWithPassword({ email, password: 'second password' })).error).toBeNull();
    const replayed = await client.auth.updateUser({ password: 'third password', nonce });
    expect(replayed.error?.code).toBe('reauthentication_not_valid');
    expect((await backend.client().auth.signInWithPassword({ email, password: 'third password' })).error?.code).toBe(
      'invalid_credentials',
    );
    const anonymousCaller = await authFetch(backend, '/reauthenticate');
    expect(anonymousCaller.status).toBe(403);
  });

  it('turns manual identity linking off with AUTH_MANUAL_LINKING=false', async () => {
    const email = uniqueEmail('linking');
    await closed.serviceClient().auth.admin.createUser({ email, password: 'link nothing', email_confirm: true });
    const session = (await closed.client().auth.signInWithPassword({ email, password: 'link nothing' })).data.session;
    const refused = await authFetch(closed, '/user/identities/authorize?provider=google&skip_http_redirect=true', {
      token: session?.access_token ?? '',
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
  });

  it('refuses unlinkIdentity with “Manual linking is disabled” before counting identities, and keeps the identity', async () => {
    const email = uniqueEmail('unlinking');
    await closed.serviceClient().auth.admin.createUser({ email, password: 'unlink nothing', email_confirm: true });
    const client = closed.client();
    expect((await client.auth.signInWithPassword({ email, password: 'unlink nothing' })).error).toBeNull();
    const identities = (await client.auth.getUserIdentities()).data?.identities ?? [];
    expect(identities).toHaveLength(1);
    const [only] = identities;
    if (!only) throw new Error('no identity');
    const refused = await client.auth.unlinkIdentity(only);
    expect(refused.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    expect((await client.auth.getUserIdentities()).data?.identities).toHaveLength(1);
  });

  it('answers SSO and Web3 sign-ins with GoTrue’s “disabled” errors', async () => {
    const sso = await backend.client().auth.signInWithSSO({ domain: 'example.org' });
    expect(sso.error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
    const web3 = await authFetch(backend, '/token?grant_type=web3', {
      method: 'POST',
      body: JSON.stringify({ chain: 'solana', message: 'x', signature: 'y' }),
    });
    expect(web3.status).toBe(422);
    expect(web3.body).toEqual({ code: 'web3_provider_disabled', message: 'Web3 provider is disabled' });
  });

  it("validates listUsers' page and per_page as GoTrue does", async () => {
    const admin = { token: backend.serviceRoleKey };
    for (const [query, message] of [
      ['page=abc', 'Bad Pagination Parameters: strconv.ParseUint: parsing "abc": invalid syntax'],
      ['per_page=-5', 'Bad Pagination Parameters: strconv.ParseUint: parsing "-5": invalid syntax'],
      ['page=1.5', 'Bad Pagination Parameters: strconv.ParseUint: parsing "1.5": invalid syntax'],
      ['page=99999999999999999999', 'Bad Pagination Parameters: strconv.ParseUint: parsing "99999999999999999999": value out of range'],
    ] as const) {
      const response = await authFetch(backend, `/admin/users?${query}`, admin);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toEqual({ code: 'validation_failed', message });
    }
    const fine = await backend.serviceClient().auth.admin.listUsers({ page: 1, perPage: 1 });
    expect(fine.error).toBeNull();
    expect(fine.data.users).toHaveLength(1);
  });

  it('generates e-mail change links for the current and the new address', async () => {
    const admin = backend.serviceClient().auth.admin;
    const email = uniqueEmail('moving');
    const newEmail = uniqueEmail('moved');
    await admin.createUser({ email, password: 'moving house', email_confirm: true });
    const current = await admin.generateLink({ type: 'email_change_current', email, newEmail });
    expect(current.error).toBeNull();
    expect(current.data.properties).toMatchObject({ verification_type: 'email_change', email_otp: expect.stringMatching(/^\d{6}$/) });
    expect(current.data.user?.new_email).toBe(newEmail);
    const next = await admin.generateLink({ type: 'email_change_new', email, newEmail });
    expect(next.data.properties?.action_link).toContain('type=email_change');
    expect(mailsTo(backend, email)).toHaveLength(0);
    // The code for the current address confirms the change.
    const verified = await backend.client().auth.verifyOtp({
      email,
      token: current.data.properties?.email_otp ?? '',
      type: 'email_change',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(newEmail);
    const refused = await admin.generateLink({ type: 'email_change_current', email: newEmail, newEmail: '' });
    expect(refused.error?.status).toBe(400);
  });
});
