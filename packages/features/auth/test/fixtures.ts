// Rows and a network for the auth feature's tests on the real backend (@appforge/test-backend):
// apps, bundles and classes made the way the product makes them, and a fetch that lets a test see
// which requests a page sent, hold one back, or go offline, as a browser tab's network would.
import type { AppforgeTestBackend, TestUser } from '@appforge/test-backend';

export interface Network {
  fetch: typeof fetch;
  /** Every request's method, URL and text body, in order. */
  requests: { method: string; url: string; body: string | null }[];
  /** How many requests to a URL containing `part` have had their answer (or failed). */
  answered(part: string): number;
  /** Requests to paths containing any of these fail as a dropped connection does. */
  failing: string[];
  /** Every request fails as a dropped connection does. */
  offline: boolean;
  /** Requests to paths containing this wait until `release()`. */
  hold(path: string): { release: () => void };
  /** How many requests went to a URL containing `part`. */
  count(part: string): number;
}

export function network(): Network {
  const held: { path: string; released: Promise<void> }[] = [];
  const done: string[] = [];
  const net: Network = {
    requests: [],
    failing: [],
    offline: false,
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      net.requests.push({ method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? init.body : null });
      try {
        if (net.offline || net.failing.some((part) => url.includes(part))) throw new TypeError('Failed to fetch');
        for (const wait of held.filter((entry) => url.includes(entry.path))) await wait.released;
        const response = await fetch(input, init);
        // Answered once its body is in, as the page reads it.
        await response.clone().arrayBuffer();
        return response;
      } finally {
        done.push(url);
      }
    },
    answered: (part) => done.filter((url) => url.includes(part)).length,
    hold(path) {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      held.push({ path, released });
      return { release };
    },
    count: (part) => net.requests.filter((request) => request.url.includes(part)).length,
  };
  return net;
}

/** The row's id, or the error in words. */
function idOf(result: { data: { id: string } | null; error: { message: string } | null }): string {
  if (result.error) throw new Error(result.error.message);
  if (result.data === null) throw new Error('no row');
  return result.data.id;
}

/** A deployed app of `owner`'s (rows written with the service role, as deploy-app leaves them). */
export async function deployedApp(backend: AppforgeTestBackend, owner: TestUser, name: string, settings: { iconPath?: string; visibility?: 'public' | 'signed_in' | 'allowed_users' } = {}): Promise<string> {
  const { admin } = backend;
  const appId = idOf(
    await admin
      .from('App')
      .insert({ owner_id: owner.id, name, visibility: settings.visibility ?? 'public', icon_path: settings.iconPath ?? null })
      .select('id')
      .single(),
  );
  const spec = {
    entryStepId: 'ask',
    steps: [
      { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'topic', label: 'Topic', required: true }] } },
      { id: 'show', kind: 'output', title: 'Result', config: { template: '{{topic}}' } },
    ],
  };
  const versionId = idOf(await admin.from('AppVersion').insert({ app_id: appId, spec, frozen: true, created_by: owner.id }).select('id').single());
  idOf(await admin.from('App').update({ draft_version_id: versionId, deployed_version_id: versionId }).eq('id', appId).select('id').single());
  return appId;
}

/** A public bundle of `owner`'s holding `appIds` in order. */
export async function publicBundle(backend: AppforgeTestBackend, owner: TestUser, name: string, appIds: string[]): Promise<string> {
  const bundleId = idOf(
    await backend.admin
      .from('Bundle')
      .insert({ owner_id: owner.id, name, visibility: 'public', price: { kind: 'one_time', amount_cents: 500, currency: 'USD' } })
      .select('id')
      .single(),
  );
  const linked = await backend.admin.from('BundleApp').insert(appIds.map((appId, position) => ({ bundle_id: bundleId, app_id: appId, position })));
  if (linked.error) throw new Error(linked.error.message);
  return bundleId;
}

/** A teacher's class, made as the product makes it: an operator lists the teacher, who creates it. */
export async function teacherClass(backend: AppforgeTestBackend, name: string) {
  const owner = await backend.signedInUser('teacher');
  const listed = await backend.admin.from('SchoolTeacher').insert({ email: owner.email.toLowerCase() });
  if (listed.error) throw new Error(listed.error.message);
  const klass = await owner.client.classes.create({ name });
  return { owner, klass };
}

/** The current code of an authenticator app holding `secret` (RFC 6238: base32 key, SHA-1, 30 s, 6 digits). */
export async function totpCode(secret: string, at = Date.now()): Promise<string> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const key = new Uint8Array(Math.floor(bits.length / 8));
  for (let index = 0; index < key.length; index += 1) key[index] = Number.parseInt(bits.slice(index * 8, index * 8 + 8), 2);
  const counter = new DataView(new ArrayBuffer(8));
  counter.setBigUint64(0, BigInt(Math.floor(at / 30_000)));
  const { createHmac } = await import('node:crypto');
  const mac = createHmac('sha1', key).update(new Uint8Array(counter.buffer)).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const number = (((mac[offset] ?? 0) & 0x7f) << 24) | ((mac[offset + 1] ?? 0) << 16) | ((mac[offset + 2] ?? 0) << 8) | (mac[offset + 3] ?? 0);
  return String(number % 1_000_000).padStart(6, '0');
}

/** The user's display name as stored (service role). */
export async function storedDisplayName(backend: AppforgeTestBackend, userId: string): Promise<string | null | undefined> {
  const { data, error } = await backend.admin.from('User').select('display_name').eq('id', userId).maybeSingle();
  if (error) throw new Error(error.message);
  return data?.display_name;
}

/**
 * A signed-in user with their account row (made by add-user, as the access gate makes it at the
 * first sign-in) and a display name, as after a first rename.
 */
export async function namedUser(backend: AppforgeTestBackend, displayName: string, options: { fetch?: typeof fetch } = {}): Promise<TestUser> {
  const user = await backend.signedInUser(displayName, options);
  await user.client.users.ensure();
  const named = await backend.admin.from('User').update({ display_name: displayName }).eq('id', user.id).select('id').single();
  if (named.error) throw new Error(named.error.message);
  return user;
}
