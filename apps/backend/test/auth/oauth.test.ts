import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS, authFetch, pkceClient, recordEvents, redirectParams, uniqueEmail } from './helpers.js';

/** Follows the browser through /authorize (or the link URL) to the local identity page and submits it. */
async function signInOnDevPage(startUrl: string, identity: { email: string; name: string }): Promise<string> {
  const authorize = await fetch(startUrl, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const pageUrl = authorize.headers.get('location') ?? '';
  expect(pageUrl).toContain('/auth/v1/dev-identity?flow=');
  return submitDevPage(pageUrl, identity);
}

async function submitDevPage(pageUrl: string, identity: { email: string; name: string }): Promise<string> {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Local development sign-in — not');
  const flow = /name="flow" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const submit = await fetch(new URL('dev-identity', pageUrl), {
    method: 'POST',
    body: new URLSearchParams({ flow, email: identity.email, name: identity.name }),
    redirect: 'manual',
  });
  expect(submit.status).toBe(302);
  return submit.headers.get('location') ?? '';
}

describe.each(DATABASES)('OAuth providers and identities on %s (development mode)', (database) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ database, env: { ...GENEROUS_LIMITS, NODE_ENV: 'development' } });
  });
  afterAll(() => backend.stop());

  it('signs in through the clearly labelled local Google page (implicit flow, tokens in the fragment)', async () => {
    const email = uniqueEmail('google');
    const { data } = await backend.client().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/home', skipBrowserRedirect: true },
    });
    const location = await signInOnDevPage(data.url ?? '', { email, name: 'Grace Hopper' });
    const { url, fragment } = redirectParams(location);
    expect(url.origin + url.pathname).toBe('http://localhost:5173/home');
    const accessToken = fragment.get('access_token') ?? '';
    const { data: user, error } = await backend.client().auth.getUser(accessToken);
    expect(error).toBeNull();
    expect(user.user?.email).toBe(email);
    expect(user.user?.app_metadata).toMatchObject({ provider: 'google', providers: ['google'] });
    expect(user.user?.user_metadata.full_name).toBe('Grace Hopper');
    expect(user.user?.identities?.map((identity) => identity.provider)).toEqual(['google']);

    // The page now offers that identity again, and picking it finds the same user.
    const again = await backend.client().auth.signInWithOAuth({ provider: 'google', options: { skipBrowserRedirect: true } });
    const pageUrl = (await fetch(again.data.url ?? '', { redirect: 'manual' })).headers.get('location') ?? '';
    expect(await (await fetch(pageUrl)).text()).toContain(email);
    const second = await submitDevPage(pageUrl, { email, name: 'Grace Hopper' });
    const secondToken = redirectParams(second).fragment.get('access_token') ?? '';
    expect((await backend.client().auth.getUser(secondToken)).data.user?.id).toBe(user.user?.id);
  });

  it('completes a PKCE OAuth flow with exchangeCodeForSession', async () => {
    const email = uniqueEmail('facebook');
    const supabase = pkceClient(backend);
    const { data } = await supabase.auth.signInWithOAuth({
      provider: 'facebook',
      options: { redirectTo: 'http://localhost:5173/cb', skipBrowserRedirect: true },
    });
    expect(data.url).toContain('code_challenge=');
    const location = await signInOnDevPage(data.url ?? '', { email, name: 'Linus' });
    const { url } = redirectParams(location);
    const code = url.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    const events = recordEvents(supabase);
    const { data: session, error } = await supabase.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(session.user?.email).toBe(email);
    expect(session.user?.app_metadata.provider).toBe('facebook');
    expect(events).toContain('SIGNED_IN');
  });

  it('links a second identity, refuses to unlink the last one, and unlinks the extra one', async () => {
    const email = uniqueEmail('linker');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'link password', email_confirm: true });
    const supabase = backend.client();
    await supabase.auth.signInWithPassword({ email, password: 'link password' });
    const { data, error } = await supabase.auth.linkIdentity({
      provider: 'apple',
      options: { redirectTo: 'http://localhost:5173/account', skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    expect(data.url).toContain('/auth/v1/dev-identity?flow=');
    const location = await submitDevPage(data.url ?? '', { email: uniqueEmail('apple-id'), name: 'Apple Me' });
    expect(redirectParams(location).fragment.get('access_token')).toBeTruthy();

    const { data: identities } = await supabase.auth.getUserIdentities();
    expect(identities?.identities.map((identity) => identity.provider).sort()).toEqual(['apple', 'email']);
    const { data: user } = await supabase.auth.getUser();
    expect(user.user?.app_metadata.providers).toEqual(['email', 'apple']);

    const apple = identities?.identities.find((identity) => identity.provider === 'apple');
    if (!apple) throw new Error('apple identity missing');
    const unlinked = await supabase.auth.unlinkIdentity(apple);
    expect(unlinked.error).toBeNull();
    const { data: after } = await supabase.auth.getUserIdentities();
    expect(after?.identities.map((identity) => identity.provider)).toEqual(['email']);

    const last = after?.identities[0];
    if (!last) throw new Error('email identity missing');
    const refused = await supabase.auth.unlinkIdentity(last);
    expect(refused.error?.code).toBe('single_identity_not_deletable');
    expect(refused.error?.status).toBe(422);
  });

  it('refuses to link an identity that belongs to another user, in the redirect', async () => {
    const takenEmail = uniqueEmail('taken');
    const first = await backend.client().auth.signInWithOAuth({ provider: 'google', options: { skipBrowserRedirect: true } });
    await signInOnDevPage(first.data.url ?? '', { email: takenEmail, name: 'Owner' });

    const email = uniqueEmail('thief');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'thief password', email_confirm: true });
    const supabase: SupabaseClient = backend.client();
    await supabase.auth.signInWithPassword({ email, password: 'thief password' });
    const { data } = await supabase.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    const location = await submitDevPage(data.url ?? '', { email: takenEmail, name: 'Owner' });
    const { fragment } = redirectParams(location);
    expect(fragment.get('error_code')).toBe('identity_already_exists');
    expect(fragment.has('access_token')).toBe(false);
  });

  it('refuses an unsupported provider with validation_failed', async () => {
    const response = await authFetch(backend, '/authorize?provider=myspace');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
  });

  it('sends a foreign redirect_to back to the site URL', async () => {
    const { data } = await backend.client().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'https://evil.example.com/', skipBrowserRedirect: true },
    });
    const location = await signInOnDevPage(data.url ?? '', { email: uniqueEmail('redirect'), name: 'R' });
    expect(location).toMatch(/^http:\/\/localhost:5173\/#access_token=/);
  });

  it('rejects an expired or made-up flow on the local page', async () => {
    const response = await fetch(`${backend.url}/auth/v1/dev-identity?flow=00000000-0000-4000-8000-000000000000`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('expired');
  });
});

describe('OAuth providers in production mode', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'a-production-secret-that-is-long-enough-for-tests',
        SECRETS_KEY: 'a-production-secrets-key-that-is-long-enough-for-tests',
        SITE_URL: 'https://app.example.com',
        GOOGLE_CLIENT_ID: 'google-client-id.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'google-client-secret',
      },
    });
  });
  afterAll(() => backend.stop());

  it('answers an unconfigured provider with provider_disabled and has no local page', async () => {
    const response = await authFetch(backend, '/authorize?provider=facebook');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('provider_disabled');
    const page = await fetch(`${backend.url}/auth/v1/dev-identity?flow=00000000-0000-4000-8000-000000000000`);
    expect(page.status).toBe(404);
    const settings = await authFetch(backend, '/settings');
    expect(settings.body.external).toMatchObject({ google: true, facebook: false, apple: false });
  });

  it('sends a configured provider to the real Google consent page with PKCE and our callback', async () => {
    const response = await fetch(
      `${backend.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent('https://app.example.com/after')}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin).toBe('https://accounts.google.com');
    expect(location.searchParams.get('client_id')).toBe('google-client-id.apps.googleusercontent.com');
    expect(location.searchParams.get('redirect_uri')).toBe(`${backend.config.apiExternalUrl}/auth/v1/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toContain('email');
    expect(location.searchParams.get('state')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a callback with an unknown state back to the site with bad_oauth_state', async () => {
    const response = await fetch(`${backend.url}/auth/v1/callback?code=abc&state=nonsense`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const { url, fragment } = redirectParams(response.headers.get('location'));
    expect(url.origin).toBe('https://app.example.com');
    expect(fragment.get('error_code')).toBe('bad_oauth_state');
  });
});
