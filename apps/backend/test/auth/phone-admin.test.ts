// The phone gaps GoTrue fills that phone sign-in left: admin `updateUserById({ phone, phone_confirm })`
// (no longer phone_provider_disabled), `new_phone` / `phone_change_sent_at` on the user while a
// phone change waits for its code, and the code's hash (`token_hash` with the `phone`, as GoTrue's
// verifyUserAndToken takes it) — while a hash alone for an SMS type gets GoTrue's "Invalid email
// verification type". Unchanged supabase-js; raw fetch only for the body the client cannot send.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsInboxAddress } from '../../src/auth/sms.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS, uniqueEmail, uniquePhone as sharedUniquePhone } from './helpers.js';

const uniquePhone = (): string => sharedUniquePhone('3161');

describe.each(DATABASES)('admin phone updates, pending phone changes and code hashes on %s', (database) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend({ database, env: { ...GENEROUS_LIMITS, AUTH_SMS_PROVIDER: 'inbox' } });
  });
  afterAll(() => backend.stop());

  const smsCode = (phone: string): string => {
    const code = /Your code is (\d{6})/.exec(backend.mailbox?.search(`to:${smsInboxAddress(phone)}`)[0]?.text ?? '')?.[1];
    if (!code) throw new Error(`no SMS code for ${phone}`);
    return code;
  };
  const verifyRaw = (body: Record<string, unknown>) =>
    fetch(`${backend.url}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify(body),
    });

  it('lets an admin set, confirm and move a user’s phone, keeping numbers unique', async () => {
    const admin = backend.serviceClient().auth.admin;
    const created = await admin.createUser({ email: uniqueEmail('admin-phone'), password: 'admin phone pw', email_confirm: true });
    const id = created.data.user?.id ?? '';
    const phone = uniquePhone();
    const set = await admin.updateUserById(id, { phone: `+${phone}`, phone_confirm: true });
    expect(set.error).toBeNull();
    expect(set.data.user).toMatchObject({ phone, phone_confirmed_at: expect.any(String) });
    expect(set.data.user?.identities?.map((identity) => identity.provider).sort()).toEqual(['email', 'phone']);
    // The user can now sign in with the number and password.
    const signIn = await backend.client().auth.signInWithPassword({ phone: `+${phone}`, password: 'admin phone pw' });
    expect(signIn.error).toBeNull();

    // Moving to another number keeps the phone identity in step.
    const next = uniquePhone();
    const moved = await admin.updateUserById(id, { phone: next });
    expect(moved.data.user?.phone).toBe(next);
    expect(moved.data.user?.identities?.find((identity) => identity.provider === 'phone')?.identity_data?.phone).toBe(next);

    // Another user's number is refused and nothing changes.
    const other = await admin.createUser({ phone: uniquePhone(), phone_confirm: true });
    const clash = await admin.updateUserById(other.data.user?.id ?? '', { phone: next });
    expect(clash.error).toMatchObject({ status: 422, code: 'phone_exists' });
    expect((await admin.getUserById(other.data.user?.id ?? '')).data.user?.phone).toBe(other.data.user?.phone);
    // Bad numbers: GoTrue's validation error, nothing changes.
    for (const bad of ['12ab', '+0', '+999999999999999999']) {
      const refused = await admin.updateUserById(id, { phone: bad });
      expect(refused.error, bad).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid phone number format (E.164 required)' });
    }
    expect((await admin.getUserById(id)).data.user?.phone).toBe(next);
    // Only the service role may do it.
    const asUser = await fetch(`${backend.url}/auth/v1/admin/users/${id}`, {
      method: 'PUT',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${signIn.data.session?.access_token ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: uniquePhone() }),
    });
    expect(asUser.status).toBe(403);
  });

  it('answers GoTrue’s channel error for WhatsApp without Twilio, sending nothing', async () => {
    const phone = uniquePhone();
    const message = "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.";
    const otp = await backend.client().auth.signInWithOtp({ phone, options: { channel: 'whatsapp' } });
    expect(otp.error).toMatchObject({ status: 400, code: 'validation_failed', message });
    const signUp = await backend.client().auth.signUp({ phone, password: 'whatsapp pw', options: { channel: 'whatsapp' } });
    expect(signUp.error).toMatchObject({ status: 400, code: 'validation_failed', message });
    const other = await verifyRaw({ type: 'sms', phone, token: '123456' });
    expect(other.status).toBe(403);
    expect(backend.mailbox?.search(`to:${smsInboxAddress(phone)}`) ?? []).toHaveLength(0);
    expect((await backend.db.query('select 1 from auth.users where phone = $1', [phone])).rows).toHaveLength(0);
  });

  it('shows new_phone while a phone change waits, and the code’s hash confirms it', async () => {
    const email = uniqueEmail('new-phone');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'new phone pw', email_confirm: true });
    const client = backend.client();
    await client.auth.signInWithPassword({ email, password: 'new phone pw' });
    const phone = uniquePhone();
    const asked = await client.auth.updateUser({ phone: `+${phone}` });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ phone: '', new_phone: phone, phone_change_sent_at: expect.any(String) });
    expect((await client.auth.getUser()).data.user?.new_phone).toBe(phone);

    const code = smsCode(phone);
    const tokenHash = createHash('sha224').update(phone + code).digest('hex');
    // A hash alone (what verifyOtp({ token_hash, type }) sends) is GoTrue's e-mail-link path.
    const alone = await verifyRaw({ type: 'phone_change', token_hash: tokenHash });
    expect(alone.status).toBe(400);
    expect(await alone.json()).toEqual({ code: 'validation_failed', message: 'Invalid email verification type' });
    const both = await verifyRaw({ type: 'phone_change', phone, token: code, token_hash: tokenHash });
    expect(await both.json()).toEqual({ code: 'validation_failed', message: 'Verify requires either a token or a token hash' });
    // Another number's hash, or a made-up one, is refused.
    const wrong = await verifyRaw({ type: 'phone_change', phone, token_hash: createHash('sha224').update(`${phone}000000`).digest('hex') });
    expect(wrong.status).toBe(403);
    // With the phone, the hash confirms the change, once.
    const ok = await verifyRaw({ type: 'phone_change', phone, token_hash: tokenHash });
    expect(ok.status).toBe(200);
    const session = (await ok.json()) as { user: { phone: string; new_phone?: string } };
    expect(session.user.phone).toBe(phone);
    expect(session.user.new_phone).toBeUndefined();
    const replay = await verifyRaw({ type: 'phone_change', phone, token_hash: tokenHash });
    expect(replay.status).toBe(403);
    expect(((await replay.json()) as { code: string }).code).toBe('otp_expired');
  });
});
