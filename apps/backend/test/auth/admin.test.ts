import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS, authFetch, codeOf, lastMail, linkOf, mailsTo, uniqueEmail } from './helpers.js';

describe.each(DATABASES)('admin API on %s', (database) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ database, env: GENEROUS_LIMITS });
  });
  afterAll(() => backend.stop());

  it('creates, reads, lists, updates and deletes users with the service role', async () => {
    const admin = backend.serviceClient().auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({
      email,
      password: 'admin made me',
      email_confirm: true,
      user_metadata: { name: 'Made' },
      app_metadata: { plan: 'school' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id ?? '';
    expect(created.data.user?.app_metadata).toMatchObject({ provider: 'email', providers: ['email'], plan: 'school' });

    const fetched = await admin.getUserById(id);
    expect(fetched.data.user?.email).toBe(email);

    for (let i = 0; i < 3; i += 1) await admin.createUser({ email: uniqueEmail('page') });
    const page = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(2);
    if (!('total' in page.data)) throw new Error('expected pagination');
    expect(page.data.total).toBeGreaterThanOrEqual(4);
    expect(page.data.nextPage).toBe(2);

    const duplicate = await admin.createUser({ email });
    expect(duplicate.error?.code).toBe('email_exists');
    expect(duplicate.error?.status).toBe(422);

    const updated = await admin.updateUserById(id, { user_metadata: { role_hint: 'teacher' }, app_metadata: { plan: 'pro' } });
    expect(updated.data.user?.user_metadata).toEqual({ name: 'Made', role_hint: 'teacher' });
    expect(updated.data.user?.app_metadata.plan).toBe('pro');

    const deleted = await admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
    const signIn = await backend.client().auth.signInWithPassword({ email, password: 'admin made me' });
    expect(signIn.error?.code).toBe('invalid_credentials');
  });

  it('bans a user: sessions end and sign-in is refused', async () => {
    const admin = backend.serviceClient().auth.admin;
    const email = uniqueEmail('banned');
    const created = await admin.createUser({ email, password: 'soon banned', email_confirm: true });
    const supabase = backend.client();
    await supabase.auth.signInWithPassword({ email, password: 'soon banned' });
    const token = (await supabase.auth.getSession()).data.session?.access_token ?? '';
    const banned = await admin.updateUserById(created.data.user?.id ?? '', { ban_duration: '24h' });
    expect(banned.data.user?.banned_until).toBeTruthy();
    expect((await authFetch(backend, '/user', { token })).body.code).toBe('session_not_found');
    const again = await backend.client().auth.signInWithPassword({ email, password: 'soon banned' });
    expect(again.error?.code).toBe('user_banned');
  });

  it('signs a user out everywhere with admin.signOut(jwt)', async () => {
    const email = uniqueEmail('adminout');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'sign me out', email_confirm: true });
    const supabase = backend.client();
    await supabase.auth.signInWithPassword({ email, password: 'sign me out' });
    const token = (await supabase.auth.getSession()).data.session?.access_token ?? '';
    const { error } = await backend.serviceClient().auth.admin.signOut(token, 'global');
    expect(error).toBeNull();
    expect((await authFetch(backend, '/user', { token })).body.code).toBe('session_not_found');
  });

  it('refuses the admin API to the anon key and to user tokens with 403 not_admin', async () => {
    const anon = await authFetch(backend, '/admin/users');
    expect(anon.status).toBe(403);
    expect(anon.body.code).toBe('not_admin');
    const email = uniqueEmail('notadmin');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'just a user', email_confirm: true });
    const supabase = backend.client();
    await supabase.auth.signInWithPassword({ email, password: 'just a user' });
    const token = (await supabase.auth.getSession()).data.session?.access_token ?? '';
    const create = await authFetch(backend, '/admin/users', {
      method: 'POST',
      token,
      body: JSON.stringify({ email: uniqueEmail('sneaky') }),
    });
    expect(create.status).toBe(403);
    expect(create.body.code).toBe('not_admin');
  });

  it('invites a user by e-mail: an Appforge invitation whose code signs the new user in', async () => {
    const email = uniqueEmail('invitee');
    const invited = await backend.serviceClient().auth.admin.inviteUserByEmail(email, { data: { school: 'North' } });
    expect(invited.error).toBeNull();
    expect(invited.data.user?.invited_at).toBeTruthy();
    expect(invited.data.user?.email_confirmed_at).toBeUndefined();
    const mail = lastMail(backend, email);
    expect(mail.tag).toBe('invite');
    expect(linkOf(mail)).toContain('type=invite');
    const { data, error } = await backend.client().auth.verifyOtp({ email, token: codeOf(mail), type: 'invite' });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ school: 'North' });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const anon = await backend.client().auth.admin.inviteUserByEmail(uniqueEmail('anon-invite'));
    expect(anon.error?.code).toBe('not_admin');
  });

  it('generates a magic link without sending mail, and the link signs the user in', async () => {
    const email = uniqueEmail('generated');
    await backend.serviceClient().auth.admin.createUser({ email, email_confirm: true });
    const { data, error } = await backend.serviceClient().auth.admin.generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe('magiclink');
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(data.user?.email).toBe(email);
    expect(mailsTo(backend, email)).toHaveLength(0);
    const response = await fetch(data.properties?.action_link ?? '', { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain('#access_token=');
    const unknown = await backend.serviceClient().auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(unknown.error?.status).toBe(404);
  });

  it('keeps the auth tables away from anon and authenticated', async () => {
    const grants = await backend.db.query<{ grantee: string }>(
      `select grantee from information_schema.role_table_grants
       where table_schema = 'auth' and grantee in ('anon', 'authenticated')`,
    );
    expect(grants.rows).toEqual([]);
  });
});
