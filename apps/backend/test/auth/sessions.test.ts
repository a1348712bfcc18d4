import { AuthSessionMissingError } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS, authFetch, recordEvents, uniqueEmail } from './helpers.js';

describe.each(DATABASES)('sessions and tokens on %s', (database) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ database, env: GENEROUS_LIMITS });
  });
  afterAll(() => backend.stop());

  async function signedIn(label: string): Promise<{ supabase: SupabaseClient; email: string; password: string }> {
    const email = uniqueEmail(label);
    const password = 'session password';
    const created = await backend.serviceClient().auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: { plan: 'free' },
    });
    expect(created.error).toBeNull();
    const supabase = backend.client();
    const { error } = await supabase.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return { supabase, email, password };
  }

  async function session(supabase: SupabaseClient) {
    const { data } = await supabase.auth.getSession();
    if (!data.session) throw new Error('expected a session');
    return data.session;
  }

  it('issues access tokens with exactly the GoTrue claims', async () => {
    const { supabase, email } = await signedIn('claims');
    const current = await session(supabase);
    const claims = decodeJwt(current.access_token);
    expect(Object.keys(claims).sort()).toEqual(
      [
        'aal', 'amr', 'app_metadata', 'aud', 'email', 'exp', 'iat', 'is_anonymous', 'iss', 'phone', 'role',
        'session_id', 'sub', 'user_metadata',
      ].sort(),
    );
    expect(claims).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { plan: 'free' },
      aal: 'aal1',
      is_anonymous: false,
      iss: `${backend.config.apiExternalUrl}/auth/v1`,
      sub: current.user.id,
    });
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    expect(current.expires_at).toBe(claims.exp);
  });

  it('rotates refresh tokens, keeps session_id and emits TOKEN_REFRESHED', async () => {
    const { supabase } = await signedIn('rotate');
    const before = await session(supabase);
    const events = recordEvents(supabase);
    const { data, error } = await supabase.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(before.refresh_token);
    expect(decodeJwt(data.session?.access_token ?? '').session_id).toBe(decodeJwt(before.access_token).session_id);
    expect(events).toContain('TOKEN_REFRESHED');
  });

  it('accepts the parent of the active token and a reuse inside 10 s, then revokes the family on a later reuse', async () => {
    const { supabase } = await signedIn('reuse');
    const first = (await session(supabase)).refresh_token;
    const refresh = (token: string) =>
      authFetch(backend, '/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: token }) });

    const second = await refresh(first);
    expect(second.status).toBe(200);
    // The client lost that answer and presents the old token again: still accepted.
    const retry = await refresh(first);
    expect(retry.status).toBe(200);
    const active = String(retry.body.refresh_token);

    // The second token is now the parent of the active one, so it is still accepted.
    expect(active).not.toBe(second.body.refresh_token);
    // Past the reuse window, the first token (whose child is no longer active) is a real reuse.
    await backend.db.query(`update auth.refresh_tokens set updated_at = now() - interval '30 seconds' where revoked`);
    const stolen = await refresh(first);
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('refresh_token_already_used');

    // The whole family is gone: the active token and the access token die too.
    const afterTheft = await refresh(active);
    expect(afterTheft.status).toBe(400);
    expect(afterTheft.body.code).toMatch(/^(refresh_token_not_found|refresh_token_already_used|session_not_found)$/);
    const user = await authFetch(backend, '/user', { token: String(retry.body.access_token) });
    expect(user.status).toBe(403);
    expect(user.body.code).toBe('session_not_found');
  });

  it('accepts a revoked token inside the 10 s reuse window even when it is no longer the parent of the active one', async () => {
    const { supabase } = await signedIn('window');
    const first = (await session(supabase)).refresh_token;
    const refresh = (token: string) =>
      authFetch(backend, '/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: token }) });
    const second = await refresh(first);
    const third = await refresh(String(second.body.refresh_token));
    expect(third.status).toBe(200);
    const late = await refresh(first);
    expect(late.status).toBe(200);
    expect(decodeJwt(String(late.body.access_token)).session_id).toBe(decodeJwt(String(third.body.access_token)).session_id);
  });

  it('refuses an unknown refresh token with refresh_token_not_found', async () => {
    const response = await authFetch(backend, '/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: 'made-up-token' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('refresh_token_not_found');
  });

  it('refuses tampered, unsigned and foreign-signed JWTs with 403 bad_jwt', async () => {
    const { supabase } = await signedIn('jwt');
    const token = (await session(supabase)).access_token;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString('base64url')}.${signature}`;
    const unsigned = new UnsecuredJWT(claims).encode();
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-to-use-here'));
    for (const bad of [tampered, unsigned, foreign]) {
      const response = await authFetch(backend, '/user', { token: bad });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('bad_jwt');
      const admin = await authFetch(backend, '/admin/users', { token: bad });
      expect(admin.status).toBe(403);
    }
    const missing = await authFetch(backend, '/user', { headers: { authorization: '' } });
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('no_authorization');
  });

  it('refuses an expired access token', async () => {
    const { supabase } = await signedIn('expired');
    const claims = decodeJwt((await session(supabase)).access_token);
    const past = Math.floor(Date.now() / 1000) - 120;
    const expired = await backend.deps.jwt.sign({ ...claims, iat: past - 3600, exp: past }, 3600);
    const response = await authFetch(backend, '/user', { token: expired });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('bad_jwt');
  });

  it('signs out with scope others: the current session survives, the other one is gone', async () => {
    const { supabase, email, password } = await signedIn('others');
    const other = backend.client();
    await other.auth.signInWithPassword({ email, password });
    const otherToken = (await session(other)).access_token;
    const { error } = await supabase.auth.signOut({ scope: 'others' });
    expect(error).toBeNull();
    expect((await supabase.auth.getUser()).error).toBeNull();
    const gone = await backend.client().auth.getUser(otherToken);
    expect(gone.error).toBeInstanceOf(AuthSessionMissingError);
  });

  it('signs out with scope global: every session dies and the client emits SIGNED_OUT', async () => {
    const { supabase, email, password } = await signedIn('global');
    const other = backend.client();
    await other.auth.signInWithPassword({ email, password });
    const otherSession = await session(other);
    const mine = await session(supabase);
    const events = recordEvents(supabase);
    const { error } = await supabase.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();
    expect(events).toContain('SIGNED_OUT');
    for (const token of [mine.access_token, otherSession.access_token]) {
      const response = await authFetch(backend, '/user', { token });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('session_not_found');
    }
    const refresh = await authFetch(backend, '/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: otherSession.refresh_token }),
    });
    expect(refresh.status).toBe(400);
  });

  it('signs out locally: only this session ends; POST /logout answers 204 and rejects an unknown scope', async () => {
    const { supabase, email, password } = await signedIn('local');
    const other = backend.client();
    await other.auth.signInWithPassword({ email, password });
    const mine = await session(supabase);
    const response = await authFetch(backend, '/logout?scope=local', { method: 'POST', token: mine.access_token });
    expect(response.status).toBe(204);
    expect((await authFetch(backend, '/user', { token: mine.access_token })).status).toBe(403);
    expect((await other.auth.getUser()).error).toBeNull();
    const bad = await authFetch(backend, '/logout?scope=everyone', { method: 'POST', token: (await session(other)).access_token });
    expect(bad.status).toBe(400);
  });

  it('updates user metadata and emits USER_UPDATED; the next refresh carries it in the JWT', async () => {
    const { supabase } = await signedIn('meta');
    const events = recordEvents(supabase);
    const { data, error } = await supabase.auth.updateUser({ data: { plan: 'pro', theme: 'dark' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ plan: 'pro', theme: 'dark' });
    expect(events).toContain('USER_UPDATED');
    const refreshed = await supabase.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').user_metadata).toEqual({ plan: 'pro', theme: 'dark' });
  });

  it('refuses a same-password update and a short one', async () => {
    const { supabase, password } = await signedIn('samepw');
    const same = await supabase.auth.updateUser({ password });
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.status).toBe(422);
    const short = await supabase.auth.updateUser({ password: 'abc' });
    expect(short.error?.code).toBe('weak_password');
  });

  it('a password change signs out the other sessions', async () => {
    const { supabase, email, password } = await signedIn('pwchange');
    const other = backend.client();
    await other.auth.signInWithPassword({ email, password });
    const otherToken = (await session(other)).access_token;
    expect((await supabase.auth.updateUser({ password: 'a brand new password' })).error).toBeNull();
    expect((await supabase.auth.getUser()).error).toBeNull();
    expect((await authFetch(backend, '/user', { token: otherToken })).body.code).toBe('session_not_found');
  });
});
