// Issue 26, item 1: e-mail links and OAuth never hand a session to a custom domain because of a
// redirect_to someone else supplied. The attacker verifies his own domain (a *.localhost one the
// way development verifies it, and an example.org one standing for a production domain), then asks
// for a magic link, a recovery, a sign-up confirmation, an invite, an e-mail change or an OAuth
// sign-in for the victim with redirect_to on his domain; the victim follows the genuine link. No
// access token, refresh token or exchangeable code may reach the attacker's host: the link lands
// on the platform's own hand-over page instead, where only the signed-in person can continue.
// The platform's own hosts still get the session as before.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, signedIn } from '../functions-ai/helpers.js';
import type { TestUser } from '../functions-ai/helpers.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS, codeOf, lastMail, linkOf, pkceClient, redirectParams, uniqueEmail } from './helpers.js';

const SITE = 'http://localhost:4173';

/** Follows /authorize to the local identity page and submits it as `email`; the final Location. */
async function oauthAs(startUrl: string, email: string): Promise<string> {
  const authorize = await fetch(startUrl, { redirect: 'manual' });
  const pageUrl = authorize.headers.get('location') ?? '';
  expect(pageUrl).toContain('/auth/v1/dev-identity?flow=');
  const html = await (await fetch(pageUrl)).text();
  const flow = /name="flow" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const submit = await fetch(new URL('dev-identity', pageUrl), {
    method: 'POST',
    body: new URLSearchParams({ flow, email, name: 'Victim' }),
    redirect: 'manual',
  });
  expect(submit.status).toBe(302);
  return submit.headers.get('location') ?? '';
}

/** The victim clicks the link in the newest mail to `address`; where the browser is sent. */
async function click(backend: TestBackend, address: string): Promise<string> {
  const response = await fetch(linkOf(lastMail(backend, address)), { redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.get('location') ?? '';
}

describe.each(DATABASES)('custom domains never receive a session from a link or OAuth on %s (issue 26)', (database) => {
  let backend: TestBackend;
  let admin: SupabaseClient;
  let attacker: TestUser;
  /** The attacker's verified domains: one verified the development way, one standing for production. */
  const targets: string[] = [];
  let run = 0;

  async function verifiedDomain(host: string, how: 'manage-domain' | 'row'): Promise<void> {
    const appId = randomUUID();
    await backend.db.query(`insert into public."App" (id, owner_id, name) values ($1, $2, 'Lure')`, [appId, attacker.id]);
    if (how === 'manage-domain') {
      const added = await callFunction(backend, 'manage-domain', { action: 'add', host, target: { kind: 'app', app_id: appId } }, attacker.token);
      expect(added.status).toBe(201);
      expect(((await added.json()) as { domain: { status: string } }).domain.status).toBe('verified');
    } else {
      await backend.db.query(
        `insert into public."CustomDomain" (value, owner_id, app_id, is_app, status) values ($1, $2, $3, true, 'verified')`,
        [host, attacker.id, appId],
      );
    }
    await backend.deps.verifiedDomains?.refresh();
  }

  beforeAll(async () => {
    backend = await startTestBackend({
      database,
      env: { ...GENEROUS_LIMITS, NODE_ENV: 'development', SITE_URL: SITE, APP_HOST: 'localhost', SCHOOLS_HOST: 'schools.localhost' },
    });
    admin = backend.serviceClient();
    attacker = await signedIn(backend);
    const tag = `${database}-${Date.now().toString(36)}`;
    await verifiedDomain(`evil-${tag}.localhost`, 'manage-domain');
    await verifiedDomain(`attacker-${tag}.example.org`, 'row');
    targets.push(`http://evil-${tag}.localhost:4173/x`, `http://EVIL-${tag.toUpperCase()}.localhost:4173/deployed-app/1?next=%2F`, `https://attacker-${tag}.example.org/x`);
  });
  afterAll(() => backend.stop());

  /**
   * Nothing in `location` reaches the attacker's host: the browser stays on the platform, and a
   * session (or code) it carries is on the platform's own page.
   */
  function expectPlatformOnly(location: string, target: string): URL {
    const { url } = redirectParams(location);
    const attackerHost = new URL(target).hostname;
    expect(url.hostname).not.toBe(attackerHost);
    expect(url.origin).toBe(SITE);
    expect(location.toLowerCase()).not.toContain(`//${attackerHost}`);
    return url;
  }

  /** The platform's hand-over page, naming the target, with a session of `email` in its fragment. */
  async function expectHandOverPage(location: string, target: string, email: string): Promise<void> {
    const url = expectPlatformOnly(location, target);
    expect(url.pathname).toBe('/hand-over');
    expect(url.searchParams.get('to')).toBe(new URL(target).href);
    expect(url.searchParams.has('code')).toBe(false);
    const { fragment } = redirectParams(location);
    const user = await backend.client().auth.getUser(fragment.get('access_token') ?? '');
    expect(user.data.user?.email).toBe(email);
  }

  async function victim(label: string): Promise<string> {
    const email = uniqueEmail(label);
    await admin.auth.admin.createUser({ email, email_confirm: true });
    return email;
  }

  it('a magic link asked for the victim with redirect_to on the attacker’s domain lands on the platform’s hand-over page (implicit flow)', async () => {
    for (const target of targets) {
      const email = await victim(`magic-${(run += 1)}`);
      const sent = await backend.client().auth.signInWithOtp({ email, options: { emailRedirectTo: target, shouldCreateUser: false } });
      expect(sent.error).toBeNull();
      await expectHandOverPage(await click(backend, email), target, email);
    }
  });

  it('a domain counts the moment it is connected, and stops counting the moment it is removed (no wait for a reload)', async () => {
    const host = `fresh-${database}-${Date.now().toString(36)}.localhost`;
    const appId = randomUUID();
    await backend.db.query(`insert into public."App" (id, owner_id, name) values ($1, $2, 'Fresh')`, [appId, attacker.id]);
    const added = await callFunction(backend, 'manage-domain', { action: 'add', host, target: { kind: 'app', app_id: appId } }, attacker.token);
    expect(added.status).toBe(201);
    // No manual refresh here: the database's notification reloads the set within moments.
    await expect.poll(() => backend.deps.verifiedDomains?.has(host), { timeout: 5_000 }).toBe(true);
    // (No e-mail here: the file's other tests use the whole e-mail allowance of the hour.)

    const removed = await callFunction(backend, 'manage-domain', { action: 'remove', host }, attacker.token);
    expect(removed.status).toBe(200);
    await expect.poll(() => backend.deps.verifiedDomains?.has(host), { timeout: 5_000 }).toBe(false);
  });

  it('a PKCE magic link or recovery asked by the attacker gives him no code he can exchange', async () => {
    for (const kind of ['magic', 'recovery'] as const) {
      for (const target of targets) {
        const email = await victim(`pkce-${kind}-${(run += 1)}`);
        const attackerClient = pkceClient(backend);
        const sent =
          kind === 'magic'
            ? await attackerClient.auth.signInWithOtp({ email, options: { emailRedirectTo: target, shouldCreateUser: false } })
            : await attackerClient.auth.resetPasswordForEmail(email, { redirectTo: target });
        expect(sent.error).toBeNull();
        const location = await click(backend, email);
        await expectHandOverPage(location, target, email);
        // Whatever the Location carries, the attacker (who holds the PKCE verifier) cannot turn it into a session.
        const code = redirectParams(location).url.searchParams.get('code');
        expect(code).toBeNull();
      }
    }
  });

  it('a password recovery, a sign-up confirmation, an invite and an e-mail change link all stay on the platform', async () => {
    for (const target of targets) {
      const recovered = await victim(`recover-${(run += 1)}`);
      expect((await backend.client().auth.resetPasswordForEmail(recovered, { redirectTo: target })).error).toBeNull();
      await expectHandOverPage(await click(backend, recovered), target, recovered);

      const signup = uniqueEmail(`signup-${(run += 1)}`);
      const signedUp = await backend.client().auth.signUp({ email: signup, password: 'correct horse 1', options: { emailRedirectTo: target } });
      expect(signedUp.error).toBeNull();
      await expectHandOverPage(await click(backend, signup), target, signup);

      const invited = uniqueEmail(`invite-${(run += 1)}`);
      expect((await admin.auth.admin.inviteUserByEmail(invited, { redirectTo: target })).error).toBeNull();
      await expectHandOverPage(await click(backend, invited), target, invited);

      const owner = await victim(`change-${(run += 1)}`);
      const client = backend.client();
      await client.auth.signInWithOtp({ email: owner, options: { shouldCreateUser: false } });
      expect((await client.auth.verifyOtp({ email: owner, token: codeOf(lastMail(backend, owner)), type: 'email' })).error).toBeNull();
      const newAddress = uniqueEmail(`changed-${run}`);
      expect((await client.auth.updateUser({ email: newAddress }, { emailRedirectTo: target })).error).toBeNull();
      await expectHandOverPage(await click(backend, newAddress), target, newAddress);
    }
  });

  it('admin generate_link answers the hand-over page, never the custom domain, as its redirect_to', async () => {
    for (const target of targets) {
      const email = await victim(`generate-${(run += 1)}`);
      const generated = await admin.auth.admin.generateLink({ type: 'magiclink', email, options: { redirectTo: target } });
      expect(generated.error).toBeNull();
      const redirectTo = generated.data.properties?.redirect_to ?? '';
      expect(new URL(redirectTo).origin).toBe(SITE);
      expect(new URL(redirectTo).searchParams.get('to')).toBe(new URL(target).href);
    }
  });

  it('OAuth with redirect_to on the attacker’s domain (implicit and PKCE) ends on the platform’s hand-over page', async () => {
    for (const target of targets) {
      const email = uniqueEmail(`oauth-${(run += 1)}`);
      const implicit = await backend.client().auth.signInWithOAuth({ provider: 'google', options: { redirectTo: target, skipBrowserRedirect: true } });
      await expectHandOverPage(await oauthAs(implicit.data.url ?? '', email), target, email);

      const attackerClient = pkceClient(backend);
      const pkce = await attackerClient.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: target, skipBrowserRedirect: true } });
      expect(pkce.data.url).toContain('code_challenge=');
      const location = await oauthAs(pkce.data.url ?? '', email);
      await expectHandOverPage(location, target, email);
      expect(redirectParams(location).url.searchParams.get('code')).toBeNull();
    }
  });

  it('hostile spellings of the attacker’s domain fall back to the site URL or the hand-over page, never the domain', async () => {
    const host = new URL(targets[0] ?? '').hostname;
    for (const hostile of [
      `http://localhost:4173@${host}:4173/x`,
      `http://user:pass@${host}:4173/`,
      `http://${host}.:4173/x`,
      `javascript://${host}/%0aalert(1)`,
      `//${host}:4173/x`,
      `http://${host}:4173\\@localhost/`,
    ]) {
      const email = await victim(`hostile-${(run += 1)}`);
      await backend.client().auth.signInWithOtp({ email, options: { emailRedirectTo: hostile, shouldCreateUser: false } });
      const location = await click(backend, email);
      expectPlatformOnly(location, `http://${host}/`);
    }
  });

  it('the platform’s own hosts still receive the session directly', async () => {
    for (const target of [`${SITE}/deployed-app/1`, 'http://schools.localhost:4173/my-classes', 'http://127.0.0.1:4173/settings']) {
      const email = await victim(`platform-${(run += 1)}`);
      await backend.client().auth.signInWithOtp({ email, options: { emailRedirectTo: target, shouldCreateUser: false } });
      const { url, fragment } = redirectParams(await click(backend, email));
      expect(url.href.replace(/#.*$/, '')).toBe(target);
      expect((await backend.client().auth.getUser(fragment.get('access_token') ?? '')).data.user?.email).toBe(email);
    }
  });

  it('hand-over: a signed-in person who confirmed gets a one-time link for a verified domain, which signs them in there once', async () => {
    const email = await victim(`hand-over-${(run += 1)}`);
    const platform = backend.client();
    const sent = await platform.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(sent.error).toBeNull();
    const signedInSession = await platform.auth.verifyOtp({ email, token: codeOf(lastMail(backend, email)), type: 'email' });
    const token = signedInSession.data.session?.access_token ?? '';
    const target = targets[0] ?? '';
    const response = await callFunction(backend, 'hand-over', { to: target }, token);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { url: string; host: string };
    const url = new URL(answer.url);
    expect(url.origin).toBe(new URL(target).origin);
    expect(url.pathname).toBe('/hand-over/receive');
    expect(url.search).toBe('');
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get('next')).toBe('/x');
    // The fragment holds no session: no access or refresh token of the platform travels there.
    expect(url.hash).not.toContain(token);
    expect(fragment.has('access_token')).toBe(false);
    expect(fragment.has('refresh_token')).toBe(false);

    const onDomain = await backend.client().auth.verifyOtp({ token_hash: fragment.get('token_hash') ?? '', type: 'magiclink' });
    expect(onDomain.error).toBeNull();
    expect(onDomain.data.session?.user.email).toBe(email);
    expect(onDomain.data.session?.refresh_token).not.toBe(signedInSession.data.session?.refresh_token);
    const again = await backend.client().auth.verifyOtp({ token_hash: fragment.get('token_hash') ?? '', type: 'magiclink' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('hand-over refuses anonymous callers, the platform’s own hosts, unknown domains and hostile input with a code and a message', async () => {
    const user = await signedIn(backend, uniqueEmail(`hand-over-bad-${(run += 1)}`));
    const target = targets[0] ?? '';
    const cases: [unknown, string | undefined, number, string][] = [
      [{ to: target }, undefined, 401, 'sign_in_required'],
      [{ to: `${SITE}/settings` }, user.token, 400, 'invalid_target'],
      [{ to: 'http://schools.localhost:4173/' }, user.token, 400, 'invalid_target'],
      [{ to: 'http://127.0.0.1:4173/' }, user.token, 400, 'invalid_target'],
      [{ to: `http://nobody-${run}.localhost:4173/` }, user.token, 404, 'domain_not_connected'],
      [{ to: 'javascript:alert(1)' }, user.token, 400, 'invalid_target'],
      [{ to: `http://me:secret@${new URL(target).host}/` }, user.token, 400, 'invalid_target'],
      [{ to: 'not a url' }, user.token, 400, 'invalid_target'],
      [{ to: 42 }, user.token, 400, 'invalid_body'],
      [{}, user.token, 400, 'invalid_body'],
      [{ to: `https://${'a'.repeat(3000)}.localhost/` }, user.token, 400, 'invalid_body'],
      ['{not json', user.token, 400, 'invalid_body'],
    ];
    for (const [body, token, status, code] of cases) {
      const response = await callFunction(backend, 'hand-over', body, token);
      const answer = (await response.json()) as { code?: string; message?: string };
      expect({ body, status: response.status, code: answer.code }).toEqual({ body, status, code });
      expect(answer.message ?? '').not.toBe('');
    }
  });
});
