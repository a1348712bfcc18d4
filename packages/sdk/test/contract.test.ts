// The fake client (./testing) promises to behave like the real one. These scenarios run on both:
// the real client against the embedded backend, and the fake. Component tests written against
// the fake therefore exercise the answers the product will really get.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppforgeError } from '../src/errors';
import { createFakeAppforgeClient } from '../src/testing/fake-client';
import type { AppforgeClient, AuthChangeEvent } from '../src/types';
import { codeFromInbox, startBackend, uniqueEmail } from './backend';
import type { SdkTestBackend } from './backend';
import { deployTestVersion } from './helpers';

interface Subject {
  /** A signed-out client. */
  client(): AppforgeClient;
  /** The code the sign-in mail to this address carries. */
  codeFor(email: string): Promise<string>;
  /** An app id that exists and is public, with its name. */
  app: { id: string; name: string };
}

async function failure(promise: Promise<unknown>): Promise<Pick<AppforgeError, 'code' | 'status'>> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppforgeError);
    const { code, status } = error as AppforgeError;
    return { code, status };
  }
  throw new Error('expected the call to fail');
}

async function signedIn(subject: Subject, label: string): Promise<AppforgeClient> {
  const client = subject.client();
  const email = uniqueEmail(label);
  await client.auth.sendEmailCode(email);
  await client.auth.verifyEmailCode(email, await subject.codeFor(email));
  return client;
}

let backend: SdkTestBackend;
const realApp = { id: crypto.randomUUID(), name: 'Essay Coach' };
const fakeApp = { id: crypto.randomUUID(), name: 'Essay Coach' };

beforeAll(async () => {
  backend = await startBackend();
  const owner = await backend.admin.auth.admin.createUser({ email: uniqueEmail('owner'), email_confirm: true });
  if (owner.error) throw owner.error;
  const inserted = await backend.admin.from('App').insert({ ...realApp, owner_id: owner.data.user.id });
  if (inserted.error) throw inserted.error;
  await deployTestVersion(backend.admin, realApp.id);
});
afterAll(() => backend.stop());

// One fake client per subject call shares state the way one backend does: codes "sent" by one
// fake client are only known to that client, so the fake subject hands out a single client.
const subjects: [string, () => Subject][] = [
  [
    'the real client',
    () => ({
      client: () => backend.client(),
      codeFor: (email) => codeFromInbox(backend.mailbox, email),
      app: realApp,
    }),
  ],
  [
    'the fake client',
    () => {
      let current = createFakeAppforgeClient({ data: { appNames: { [fakeApp.id]: fakeApp.name } } });
      return {
        client: () => {
          current = createFakeAppforgeClient({ data: { appNames: { [fakeApp.id]: fakeApp.name } } });
          return current;
        },
        codeFor: () => Promise.resolve(current.fake.data.emailCode),
        app: fakeApp,
      };
    },
  ],
];

describe.each(subjects)('%s', (_name, makeSubject) => {
  const subject = makeSubject();

  it('signs in with the mailed code, announces it, and signs out again', async () => {
    const client = subject.client();
    const events: AuthChangeEvent[] = [];
    const unsubscribe = client.auth.onAuthStateChange((event) => events.push(event));
    const email = uniqueEmail('contract');
    await client.auth.sendEmailCode(email);
    const session = await client.auth.verifyEmailCode(email, await subject.codeFor(email));
    expect(session.user.email).toBe(email);
    expect((await client.auth.getSession())?.user.id).toBe(session.user.id);
    await client.auth.signOut();
    expect(await client.auth.getSession()).toBeNull();
    expect(events.filter((event) => event !== 'INITIAL_SESSION')).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    unsubscribe();
  });

  it('refuses a wrong code with otp_expired (403)', async () => {
    const client = subject.client();
    const email = uniqueEmail('wrong');
    await client.auth.sendEmailCode(email);
    const code = await subject.codeFor(email);
    expect(await failure(client.auth.verifyEmailCode(email, code === '999999' ? '888888' : '999999'))).toEqual({
      code: 'otp_expired',
      status: 403,
    });
  });

  it('answers signed-out calls as the backend does', async () => {
    const client = subject.client();
    expect(await client.auth.getSession()).toBeNull();
    const signedOut = { code: 'not_authenticated', status: 401 };
    expect(await failure(client.users.exists())).toEqual(signedOut);
    expect(await failure(client.users.getMe())).toEqual(signedOut);
    expect(await failure(client.users.getIntercomHmac())).toEqual(signedOut);
    expect(await failure(client.users.ensure())).toEqual(signedOut);
    expect(await failure(client.functions.getUserSchoolInfo())).toEqual({ code: 'not_authenticated', status: 401 });
    expect(await failure(client.users.updateDisplayName('Ada'))).toEqual({ code: 'not_authenticated', status: 401 });
    expect(await failure(client.auth.listFactors())).toEqual({ code: 'session_missing', status: 400 });
  });

  it('names public apps and answers not_found (404) for anything else', async () => {
    const client = subject.client();
    expect(await client.apps.getName(subject.app.id)).toBe(subject.app.name);
    expect(await failure(client.apps.getName(crypto.randomUUID()))).toEqual({ code: 'not_found', status: 404 });
    expect(await failure(client.bundles.getName(crypto.randomUUID()))).toEqual({ code: 'not_found', status: 404 });
    expect(await client.customDomains.lookup('unknown.example.org')).toBeNull();
  });

  it('ensures the User row once, then renames it within the rules', async () => {
    const client = await signedIn(subject, 'ensure');
    expect(await client.users.ensure()).toEqual({ created: true, status: 'allowed' });
    expect(await client.users.ensure()).toEqual({ created: false, status: 'allowed' });
    expect(await client.users.exists()).toBe(true);
    expect((await client.users.updateDisplayName(' Ada ')).display_name).toBe('Ada');
    expect(await failure(client.users.updateDisplayName(''))).toEqual({ code: 'invalid_display_name', status: 400 });
    expect(await client.functions.getUserSchoolInfo()).toEqual({ isTeacher: false, isStudent: false });
  });

  it('keeps the only identity, and starts at aal1 with no factors', async () => {
    const client = await signedIn(subject, 'identity');
    const identities = await client.auth.listIdentities();
    expect(identities.map((identity) => identity.provider)).toEqual(['email']);
    const [only] = identities;
    if (!only) throw new Error('expected an identity');
    expect(await failure(client.auth.unlinkIdentity(only))).toMatchObject({ code: 'single_identity_not_deletable' });
    expect(await client.auth.listFactors()).toEqual([]);
    expect(await client.auth.getAssuranceLevel()).toEqual({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });
});
