import { describe, expect, it } from 'vitest';
import { AppforgeError } from '../errors';
import type { AuthChangeEvent } from '../types';
import { makeCustomDomain, makeSession, makeUserRow } from './factories';
import { createFakeAppforgeClient } from './fake-client';

async function rejection(promise: Promise<unknown>): Promise<AppforgeError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppforgeError);
    return error as AppforgeError;
  }
  throw new Error('expected the call to fail');
}

describe('createFakeAppforgeClient', () => {
  it('signs in with the e-mailed code only, like the backend, and tells listeners', async () => {
    const client = createFakeAppforgeClient();
    const events: AuthChangeEvent[] = [];
    const unsubscribe = client.auth.onAuthStateChange((event) => events.push(event));

    expect((await rejection(client.auth.verifyEmailCode('ada@example.com', '123456'))).code).toBe('otp_expired');
    await client.auth.sendEmailCode('ada@example.com', { redirectTo: 'http://localhost:5173/settings' });
    expect(client.fake.sentCodes).toEqual([{ email: 'ada@example.com', code: '123456', redirectTo: 'http://localhost:5173/settings' }]);
    expect((await rejection(client.auth.verifyEmailCode('ada@example.com', '000000'))).status).toBe(403);

    const session = await client.auth.verifyEmailCode('ada@example.com', '123456');
    expect(session.user.email).toBe('ada@example.com');
    expect(await client.auth.getSession()).toBe(session);
    await client.auth.signOut();
    expect(await client.auth.getSession()).toBeNull();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT']);

    unsubscribe();
    expect(client.fake.listenerCount()).toBe(0);
  });

  it('keeps one user id per e-mail address across sign-ins', () => {
    const client = createFakeAppforgeClient();
    const first = client.fake.signIn({ email: 'grace@example.com' });
    client.fake.signOut();
    const second = client.fake.signIn({ email: 'grace@example.com' });
    expect(second.user.id).toBe(first.user.id);
    expect(second.access_token).not.toBe(first.access_token);
  });

  it('creates the User row on ensure with the configured status and referral app', async () => {
    const client = createFakeAppforgeClient({ data: { newUserStatus: 'pending', newUserIntercomHmac: 'hmac' } });
    expect((await rejection(client.users.ensure())).code).toBe('not_authenticated');
    const session = client.fake.signIn();
    expect(await client.users.exists()).toBe(false);
    expect(await client.users.ensure({ referralAppId: 'app-1' })).toEqual({ created: true, status: 'pending' });
    expect(await client.users.ensure()).toEqual({ created: false, status: 'pending' });
    expect(await client.users.getMe()).toMatchObject({ id: session.user.id, referral_app_id: 'app-1' });
    expect(await client.users.getIntercomHmac()).toBe('hmac');
    expect(client.fake.calls('users.ensure')).toEqual([[], [{ referralAppId: 'app-1' }], []]);
  });

  it('answers configured names, domains and school info, and not_found otherwise', async () => {
    const domain = makeCustomDomain({ is_bundle: true });
    const client = createFakeAppforgeClient({
      data: {
        session: makeSession(),
        appNames: { 'app-1': 'Essay Coach' },
        bundleNames: { 'bundle-1': 'Study Kit' },
        customDomains: { 'kit.example.org': domain },
        schoolInfo: { isTeacher: true, isStudent: false },
      },
    });
    expect(await client.apps.getName('app-1')).toBe('Essay Coach');
    expect(await client.bundles.getName('bundle-1')).toBe('Study Kit');
    expect((await rejection(client.apps.getName('app-2'))).code).toBe('not_found');
    expect(await client.customDomains.lookup('KIT.example.org:443')).toEqual(domain);
    expect(domain).toMatchObject({ is_bundle: true, is_app: false, app_id: null });
    expect(await client.customDomains.lookup('other.example.org')).toBeNull();
    expect(await client.functions.getUserSchoolInfo()).toEqual({ isTeacher: true, isStudent: false });
  });

  it('fails a method on demand until healed, and lets a test replace a method', async () => {
    const client = createFakeAppforgeClient({
      failures: { 'apps.getName': new AppforgeError({ code: 'server_error', message: 'Down', status: 503 }) },
      bundles: { getName: () => new Promise<string>(() => undefined) },
      data: { appNames: { a: 'A' } },
    });
    expect((await rejection(client.apps.getName('a'))).status).toBe(503);
    client.fake.heal('apps.getName');
    expect(await client.apps.getName('a')).toBe('A');
    client.fake.fail('apps.getName');
    expect((await rejection(client.apps.getName('a'))).code).toBe('network_error');

    let settled = false;
    void client.bundles.getName('b').finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
  });

  it('enrols TOTP, verifies only the right code, reaches aal2, and then may remove the factor', async () => {
    const client = createFakeAppforgeClient();
    expect((await rejection(client.auth.enrollTotp('Phone'))).code).toBe('session_missing');
    client.fake.signIn();
    const enrolment = await client.auth.enrollTotp('Phone');
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml/);
    expect((await rejection(client.auth.enrollTotp('Phone'))).code).toBe('mfa_factor_name_conflict');
    expect((await rejection(client.auth.challengeAndVerify(enrolment.factorId, '000000'))).code).toBe('mfa_verification_failed');
    await client.auth.challengeAndVerify(enrolment.factorId, '654321');
    expect(await client.auth.getAssuranceLevel()).toEqual({ currentLevel: 'aal2', nextLevel: 'aal2' });
    await client.auth.unenroll(enrolment.factorId);
    expect(await client.auth.listFactors()).toEqual([]);
  });

  it('refuses to unlink the last identity, and deletes the account then signs out', async () => {
    const client = createFakeAppforgeClient({ data: { me: makeUserRow() } });
    const session = client.fake.signIn();
    const [identity] = await client.auth.listIdentities();
    if (!identity) throw new Error('the fake user should have an e-mail identity');
    expect(identity.user_id).toBe(session.user.id);
    expect((await rejection(client.auth.unlinkIdentity(identity))).code).toBe('single_identity_not_deletable');

    await client.auth.deleteAccount();
    expect(await client.auth.getSession()).toBeNull();
    expect(client.fake.data.me).toBeNull();
  });

  it('gives the widget a supabase.auth that follows the same session', async () => {
    const client = createFakeAppforgeClient({ data: { passwords: { 'ada@example.com': 'secret' } } });
    const wrong = await client.supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'nope' });
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const right = await client.supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'secret' });
    expect(right.data.session?.user.email).toBe('ada@example.com');
    expect((await client.auth.getSession())?.user.email).toBe('ada@example.com');
    const oauth = await client.supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: 'http://localhost:5173/#' } });
    expect(new URL(oauth.data.url ?? '').searchParams.get('redirect_to')).toBe('http://localhost:5173/');
    expect(() => client.supabase.from('App')).toThrow(/supports only supabase.auth/);
  });
});
