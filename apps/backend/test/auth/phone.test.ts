// Phone sign-in through supabase-js: SMS codes (signInWithOtp/verifyOtp type 'sms'), sign-up and
// password sign-in with a phone, phone change (updateUser + verifyOtp type 'phone_change'), test
// numbers with fixed codes, E.164 validation and GoTrue's errors. In development the SMS lands in
// the dev inbox; the Twilio sender is checked against a protocol-true fake of Twilio's API.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsInboxAddress, twilioSmsSender } from '../../src/auth/sms.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { GENEROUS_LIMITS, uniqueEmail, uniquePhone as sharedUniquePhone } from './helpers.js';

const uniquePhone = (): string => sharedUniquePhone('1555');

describe.each(DATABASES)('phone sign-in on %s', (database) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend({ database, env: { ...GENEROUS_LIMITS, AUTH_SMS_PROVIDER: 'inbox', AUTH_SMS_TEST_OTP: '+15550001111=424242' } });
  });
  afterAll(() => backend.stop());

  const smsCode = (phone: string): string => {
    const sms = backend.mailbox?.search(`to:${smsInboxAddress(phone)}`)[0];
    const code = /Your code is (\d{6})/.exec(sms?.text ?? '')?.[1];
    if (!code) throw new Error(`no SMS code for ${phone}`);
    return code;
  };
  const userCount = async (): Promise<number> =>
    Number((await backend.db.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]?.n ?? 0);

  it('signs in with an SMS code from the dev inbox, once', async () => {
    const phone = uniquePhone();
    const client = backend.client();
    const sent = await client.auth.signInWithOtp({ phone: `+${phone.slice(0, 4)} ${phone.slice(4)}` });
    expect(sent.error).toBeNull();
    expect(sent.data.messageId).toEqual(expect.any(String));
    const code = smsCode(phone);
    const { data, error } = await client.auth.verifyOtp({ phone: `+${phone}`, token: code, type: 'sms' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ phone, app_metadata: { provider: 'phone', providers: ['phone'] } });
    expect(data.user?.phone_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'phone', identity_data: { phone, phone_verified: true } });
    expect((await client.auth.getUser()).data.user?.phone).toBe(phone);
    const replay = await backend.client().auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(replay.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    // A second code within the minute is refused; the settings say phone is on.
    const again = await client.auth.signInWithOtp({ phone });
    expect(again.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });
    const settings = (await (await fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: backend.anonKey } })).json()) as {
      external: { phone: boolean };
      sms_provider: string;
    };
    expect(settings).toMatchObject({ external: { phone: true }, sms_provider: 'inbox' });
  });

  it('kills a code after too many wrong tries', async () => {
    const phone = uniquePhone();
    await backend.client().auth.signInWithOtp({ phone });
    const code = smsCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await backend.client().auth.verifyOtp({ phone, token: wrong, type: 'sms' })).error?.code).toBe('otp_expired');
    }
    expect((await backend.client().auth.verifyOtp({ phone, token: code, type: 'sms' })).error?.code).toBe('otp_expired');
  });

  it('takes the fixed code of a test number and sends it no SMS', async () => {
    const before = backend.mailbox?.search(`to:${smsInboxAddress('15550001111')}`).length ?? 0;
    const sent = await backend.client().auth.signInWithOtp({ phone: '+15550001111' });
    expect(sent.error).toBeNull();
    expect(backend.mailbox?.search(`to:${smsInboxAddress('15550001111')}`).length ?? 0).toBe(before);
    const { data, error } = await backend.client().auth.verifyOtp({ phone: '+15550001111', token: '424242', type: 'sms' });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe('15550001111');
  });

  it('signs up with a phone and password, then signs in with them once confirmed', async () => {
    const phone = uniquePhone();
    const client = backend.client();
    const signedUp = await client.auth.signUp({ phone: `+${phone}`, password: 'phone-password' });
    expect(signedUp.error).toBeNull();
    expect(signedUp.data.session).toBeNull();
    expect(signedUp.data.user).toMatchObject({ phone });
    const early = await client.auth.signInWithPassword({ phone: `+${phone}`, password: 'phone-password' });
    expect(early.error).toMatchObject({ status: 400, code: 'phone_not_confirmed' });
    expect((await client.auth.verifyOtp({ phone, token: smsCode(phone), type: 'sms' })).error).toBeNull();
    const signedIn = await backend.client().auth.signInWithPassword({ phone: `+${phone}`, password: 'phone-password' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(signedUp.data.user?.id);
    const wrong = await backend.client().auth.signInWithPassword({ phone: `+${phone}`, password: 'not-it' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const twice = await backend.client().auth.signUp({ phone: `+${phone}`, password: 'phone-password' });
    expect(twice.error).toMatchObject({ status: 422, code: 'user_already_exists' });
  });

  it('changes the phone number with a code sent to the new one', async () => {
    const email = uniqueEmail('phone-change');
    await backend.serviceClient().auth.admin.createUser({ email, password: 'change-phone', email_confirm: true });
    const client = backend.client();
    await client.auth.signInWithPassword({ email, password: 'change-phone' });
    const phone = uniquePhone();
    const update = await client.auth.updateUser({ phone: `+${phone}` });
    expect(update.error).toBeNull();
    // Not changed until the code is entered.
    expect((await client.auth.getUser()).data.user?.phone).toBe('');
    const code = smsCode(phone);
    const wrongType = await client.auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(wrongType.error?.code).toBe('otp_expired');
    const { data, error } = await client.auth.verifyOtp({ phone, token: code, type: 'phone_change' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, phone });
    expect(data.user?.app_metadata.providers).toEqual(['email', 'phone']);
    // Another user cannot take that number.
    const other = uniqueEmail('phone-thief');
    await backend.serviceClient().auth.admin.createUser({ email: other, password: 'change-phone', email_confirm: true });
    const thief = backend.client();
    await thief.auth.signInWithPassword({ email: other, password: 'change-phone' });
    const taken = await thief.auth.updateUser({ phone });
    expect(taken.error).toMatchObject({ status: 422, code: 'phone_exists', message: 'A user with this phone number has already been registered' });
  });

  it('lets an admin create a phone user, confirmed on request, who can then sign in by password', async () => {
    const phone = uniquePhone();
    const admin = backend.serviceClient().auth.admin;
    const created = await admin.createUser({ phone: `+${phone}`, password: 'admin-made', phone_confirm: true, user_metadata: { nick: 'p' } });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ phone, user_metadata: { nick: 'p' }, app_metadata: { provider: 'phone', providers: ['phone'] } });
    expect(created.data.user?.phone_confirmed_at).toBeTruthy();
    expect((await backend.client().auth.signInWithPassword({ phone, password: 'admin-made' })).error).toBeNull();
    const again = await admin.createUser({ phone });
    expect(again.error).toMatchObject({ status: 422, code: 'phone_exists' });
    const unconfirmed = await admin.createUser({ phone: `+${uniquePhone()}` });
    expect(unconfirmed.data.user?.phone_confirmed_at).toBeUndefined();
    const bad = await admin.createUser({ phone: '+1-555' });
    expect(bad.error).toMatchObject({ status: 400, message: 'Invalid phone number format (E.164 required)' });
    // Only the service role may.
    const anon = await fetch(`${backend.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: `+${uniquePhone()}` }),
    });
    expect(anon.status).toBe(403);
  });

  it('refuses phone numbers in every bad form with GoTrue’s message, creating no one', async () => {
    const before = await userCount();
    const client = backend.client();
    for (const phone of ['abc', '+', '+0123456789', '0044 20 7946 0000', '+1-555-555-0100', '+1 (555) 555-0100', '+1234567890123456', '1555😀0100', '+44\n2079460000', ' ']) {
      const otp = await client.auth.signInWithOtp({ phone });
      expect(otp.error, JSON.stringify(phone)).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid phone number format (E.164 required)' });
    }
    const verify = await client.auth.verifyOtp({ phone: '+1-555', token: '123456', type: 'sms' });
    expect(verify.error).toMatchObject({ status: 400, message: 'Invalid phone number format (E.164 required)' });
    const noToken = await fetch(`${backend.url}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'sms', phone: '+15555550100' }),
    });
    expect(noToken.status).toBe(400);
    const objectPhone = await fetch(`${backend.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: { number: '+15555550100' } }),
    });
    expect(objectPhone.status).toBe(400);
    const noCreate = await client.auth.signInWithOtp({ phone: `+${uniquePhone()}`, options: { shouldCreateUser: false } });
    expect(noCreate.error).toMatchObject({ status: 422, code: 'otp_disabled' });
    expect(await userCount()).toBe(before);
  });
});

describe.each(DATABASES)('phone sign-in with test numbers only, SMS_AUTOCONFIRM, and a refusing provider, on %s', (database) => {
  let testOnly: TestBackend;
  let refusing: TestBackend;
  let autoconfirm: TestBackend;
  let twilio: Server;

  beforeAll(async () => {
    // Twilio's answer to a number it will not text.
    twilio = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }));
      });
    });
    await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
    [testOnly, refusing, autoconfirm] = await Promise.all([
      // GoTrue's `number=code` and `number:code` forms, and no SMS provider at all.
      startTestBackend({ database, env: { ...GENEROUS_LIMITS, AUTH_SMS_TEST_OTP: '+15550002222=111222,15550003333:333444' } }),
      startTestBackend({
        database,
        env: {
          ...GENEROUS_LIMITS,
          AUTH_SMS_PROVIDER: 'twilio',
          TWILIO_ACCOUNT_SID: 'AC123',
          TWILIO_AUTH_TOKEN: 'secret',
          TWILIO_MESSAGE_SERVICE_SID: 'MG999',
          TWILIO_API_URL: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
        },
      }),
      startTestBackend({ database, env: { ...GENEROUS_LIMITS, SMS_AUTOCONFIRM: 'true' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([testOnly.stop(), refusing.stop(), autoconfirm.stop()]);
    twilio.closeAllConnections();
    await new Promise<void>((resolve) => twilio.close(() => resolve()));
  });

  const usersOf = async (backend: TestBackend): Promise<number> =>
    Number((await backend.db.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]?.n ?? 0);

  it('signs test numbers in with their fixed codes while no SMS provider is configured', async () => {
    const settings = (await (await fetch(`${testOnly.url}/auth/v1/settings`, { headers: { apikey: testOnly.anonKey } })).json()) as {
      external: { phone: boolean };
    };
    expect(settings.external.phone).toBe(true);
    for (const [phone, code] of [['15550002222', '111222'], ['15550003333', '333444']] as const) {
      const sent = await testOnly.client().auth.signInWithOtp({ phone: `+${phone}` });
      expect(sent.error, phone).toBeNull();
      expect(sent.data.messageId, phone).toBe('test-otp');
      const client = testOnly.client();
      const { data, error } = await client.auth.verifyOtp({ phone: `+${phone}`, token: code, type: 'sms' });
      expect(error, phone).toBeNull();
      expect(data.user?.phone, phone).toBe(phone);
      expect((await client.auth.getUser()).data.user?.phone_confirmed_at, phone).toBeTruthy();
    }
  });

  it('answers any other number with GoTrue’s “Unable to get SMS provider” and creates no one', async () => {
    const before = await usersOf(testOnly);
    // supabase-js reports a 500 as a retryable error with the server's message.
    const otp = await testOnly.client().auth.signInWithOtp({ phone: `+${uniquePhone()}` });
    expect(otp.error).toMatchObject({ status: 500, message: 'Unable to get SMS provider' });
    const signUp = await testOnly.client().auth.signUp({ phone: `+${uniquePhone()}`, password: 'phone-password' });
    expect(signUp.error).toMatchObject({ status: 500, message: 'Unable to get SMS provider' });
    const raw = await fetch(`${testOnly.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: testOnly.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ phone: `+${uniquePhone()}` }),
    });
    expect(raw.status).toBe(500);
    expect(await raw.json()).toEqual({ code: 'unexpected_failure', message: 'Unable to get SMS provider' });
    expect(await usersOf(testOnly)).toBe(before);
  });

  it('signs up and in with a phone and password without any code when SMS_AUTOCONFIRM is on', async () => {
    const settings = (await (await fetch(`${autoconfirm.url}/auth/v1/settings`, { headers: { apikey: autoconfirm.anonKey } })).json()) as {
      external: { phone: boolean };
      phone_autoconfirm: boolean;
    };
    expect(settings).toMatchObject({ external: { phone: true }, phone_autoconfirm: true });
    const phone = uniquePhone();
    const client = autoconfirm.client();
    const signedUp = await client.auth.signUp({ phone: `+${phone}`, password: 'auto-confirmed', options: { data: { nick: 'a' } } });
    expect(signedUp.error).toBeNull();
    expect(signedUp.data.session?.access_token).toEqual(expect.any(String));
    expect(signedUp.data.user).toMatchObject({ phone, user_metadata: { nick: 'a' }, app_metadata: { provider: 'phone', providers: ['phone'] } });
    expect(signedUp.data.user?.phone_confirmed_at).toBeTruthy();
    expect(signedUp.data.user?.identities?.[0]).toMatchObject({ provider: 'phone', identity_data: { phone, phone_verified: true } });
    expect((await client.auth.getUser()).data.user?.id).toBe(signedUp.data.user?.id);
    const signedIn = await autoconfirm.client().auth.signInWithPassword({ phone: `+${phone}`, password: 'auto-confirmed' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(signedUp.data.user?.id);
    const wrong = await autoconfirm.client().auth.signInWithPassword({ phone: `+${phone}`, password: 'not-it' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const twice = await autoconfirm.client().auth.signUp({ phone: `+${phone}`, password: 'someone-else' });
    expect(twice.error).toMatchObject({ status: 422, code: 'user_already_exists' });
    // No provider is configured: codes by SMS still cannot be sent.
    const otp = await autoconfirm.client().auth.signInWithOtp({ phone: `+${uniquePhone()}` });
    expect(otp.error).toMatchObject({ status: 500, message: 'Unable to get SMS provider' });
  });

  it('answers sms_send_failed with the provider’s reason when the provider refuses, and keeps no code or user', async () => {
    const before = await usersOf(refusing);
    const phone = uniquePhone();
    const otp = await refusing.client().auth.signInWithOtp({ phone: `+${phone}` });
    expect(otp.error).toMatchObject({
      status: 422,
      code: 'sms_send_failed',
      message: "Error sending confirmation OTP to provider: Twilio refused the SMS (HTTP 400: The 'To' number is not a valid phone number.)",
    });
    expect(await usersOf(refusing)).toBe(before);
    // Nothing was kept, so a second try is not told to wait a minute.
    const again = await refusing.client().auth.signInWithOtp({ phone: `+${phone}` });
    expect(again.error?.code).toBe('sms_send_failed');
  });
});

describe('the Twilio SMS sender', () => {
  it('posts to Twilio’s Messages API as GoTrue does, and reports a refusal', async () => {
    const seen: { path: string; authorization: string | undefined; form: URLSearchParams }[] = [];
    let refuse = false;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        seen.push({ path: req.url ?? '', authorization: req.headers.authorization, form: new URLSearchParams(body) });
        res.writeHead(refuse ? 400 : 201, { 'content-type': 'application/json' });
        res.end(JSON.stringify(refuse ? { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 } : { sid: 'SM0123456789abcdef', status: 'queued' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const sender = twilioSmsSender({
        accountSid: 'AC123',
        authToken: 'secret-token',
        from: 'MG999',
        apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      });
      expect(await sender.send({ to: '15555550100', body: 'Your code is 123456', tag: 'sms_otp' })).toEqual({ messageId: 'SM0123456789abcdef' });
      expect(seen[0]?.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(seen[0]?.authorization).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
      expect(Object.fromEntries(seen[0]?.form ?? [])).toEqual({ To: '+15555550100', Body: 'Your code is 123456', MessagingServiceSid: 'MG999' });
      refuse = true;
      await expect(sender.send({ to: '1', body: 'x', tag: 'sms_otp' })).rejects.toThrow("Twilio refused the SMS (HTTP 400: The 'To' number is not a valid phone number.)");
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
