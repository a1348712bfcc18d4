// The light visitor client against the real embedded backend: it must answer a signed-out
// visitor exactly like the full client does, and reveal nothing the full client would not.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deployTestVersion, uniqueEmail } from '../../test/helpers';
import { remoteBackend } from '../../test/remote-backend';
import type { RemoteBackend } from '../../test/remote-backend';
import { createAppforgeClient } from '../client';
import { nodeWebSocket } from '../../test/ws';
import { createVisitorLiteClient } from './visitor-lite-client';

const { url, anonKey } = inject('backend');

describe('createVisitorLiteClient', () => {
  let backend: RemoteBackend;
  const publicApp = crypto.randomUUID();
  const privateApp = crypto.randomUUID();
  const soldApp = crypto.randomUUID();
  const freeBundle = crypto.randomUUID();
  const privateBundle = crypto.randomUUID();
  const lite = createVisitorLiteClient({ url, anonKey });

  beforeAll(async () => {
    backend = remoteBackend();
    const owner = await backend.admin.auth.admin.createUser({ email: uniqueEmail('visitor-lite-owner'), email_confirm: true });
    if (owner.error) throw owner.error;
    const ownerId = owner.data.user.id;
    const apps = await backend.admin.from('App').insert([
      { id: publicApp, owner_id: ownerId, name: 'Poem Helper', visibility: 'public' },
      { id: privateApp, owner_id: ownerId, name: 'Secret Diary', visibility: 'allowed_users' },
      { id: soldApp, owner_id: ownerId, name: 'Paid Poems', visibility: 'public', price: { kind: 'one_time', amount_cents: 500, currency: 'USD' } },
    ]);
    if (apps.error) throw apps.error;
    await deployTestVersion(backend.admin, publicApp);
    await deployTestVersion(backend.admin, privateApp);
    const bundles = await backend.admin.from('Bundle').insert([
      { id: freeBundle, owner_id: ownerId, name: 'Free kit', description: 'Poems for all.', visibility: 'public' },
      { id: privateBundle, owner_id: ownerId, name: 'Hidden kit', visibility: 'allowed_users', price: { kind: 'monthly', amount_cents: 900, currency: 'EUR' } },
    ]);
    if (bundles.error) throw bundles.error;
    const linked = await backend.admin.from('BundleApp').insert([{ bundle_id: freeBundle, app_id: publicApp, position: 0 }]);
    if (linked.error) throw linked.error;
  });
  afterAll(() => backend.stopClients());

  it('shows a signed-out visitor a public app exactly as the full client does', async () => {
    const full = createAppforgeClient({ url, anonKey, realtimeTransport: nodeWebSocket, storageKey: 'visitor-lite-test' });
    const [light, expected] = await Promise.all([lite.apps.getPublic(publicApp), full.apps.getPublic(publicApp)]);
    expect(light).toEqual(expected);
    expect(light.deployed?.spec.steps.length).toBeGreaterThan(0);
  });

  it('says "not found" for an app the visitor may not see, an unknown id and a hostile one', async () => {
    await expect(lite.apps.getPublic(privateApp)).rejects.toMatchObject({ code: 'app_not_found', status: 404 });
    await expect(lite.apps.getPublic(crypto.randomUUID())).rejects.toMatchObject({ code: 'app_not_found' });
    await expect(lite.apps.getPublic("x' or 1=1 --")).rejects.toMatchObject({ code: 'app_not_found' });
  });

  it('tells a free app from one sold on its own', async () => {
    expect(await lite.apps.isSold(await lite.apps.getPublic(publicApp))).toBe(false);
    expect(await lite.apps.isSold({ id: soldApp, price: { kind: 'one_time', amount_cents: 500, currency: 'USD' } })).toBe(true);
  });

  it('refuses a run with a malformed app id, run id or choice before asking the server', () => {
    expect(() => lite.runs.start({ appId: 'nope' })).toThrow('The app must be a valid id.');
    expect(() => lite.runs.continue({ appId: publicApp, runId: 'nope' })).toThrow('The run must be a valid id.');
    expect(() => lite.runs.continue({ appId: publicApp, runId: crypto.randomUUID(), choice: -1 })).toThrow('The choice is the index of a button.');
  });

  it('shows a signed-out visitor a bundle page exactly as the full client does', async () => {
    const full = createAppforgeClient({ url, anonKey, realtimeTransport: nodeWebSocket, storageKey: 'visitor-lite-bundle-test' });
    const [light, expected] = await Promise.all([lite.bundles.getPage(freeBundle), full.bundles.page(freeBundle)]);
    expect(light).toEqual(expected);
    expect(light.apps.map((app) => app.name)).toEqual(['Poem Helper']);
  });

  it('says "not found" for a bundle the visitor may not see, an unknown id and a hostile one', async () => {
    await expect(lite.bundles.getPage(privateBundle)).rejects.toMatchObject({ code: 'not_found', status: 404 });
    await expect(lite.bundles.getPage(crypto.randomUUID())).rejects.toMatchObject({ code: 'not_found' });
    await expect(lite.bundles.getPage("x' or 1=1 --")).rejects.toMatchObject({ code: 'not_found' });
  });

  it('names a hidden app only through its sign-in name, as the full client does', async () => {
    const full = createAppforgeClient({ url, anonKey, realtimeTransport: nodeWebSocket, storageKey: 'visitor-lite-name-test' });
    expect(await lite.apps.getName(publicApp)).toBe(await full.apps.getName(publicApp));
    await expect(lite.apps.getName(crypto.randomUUID())).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('createVisitorLiteClient with a server that answers nonsense', () => {
  /** A client whose every answer is `body` with `status`, as a broken or hostile server would send. */
  const answering = (body: string, status = 200) =>
    createVisitorLiteClient({ url: 'http://127.0.0.1:9', anonKey: 'anon', fetch: () => Promise.resolve(new Response(body, { status, headers: { 'Content-Type': 'application/json' } })) });
  const page = { id: crypto.randomUUID(), name: 'Kit', description: null, visibility: 'public', price: null, is_owner: false, access: 'free', apps: [] };
  const app = { id: crypto.randomUUID(), name: 'Tool', description: null, icon_path: null, deployed: true, price: null };

  it.each([
    ['a list', '[]'],
    ['a string', '"hello"'],
    ['no name', JSON.stringify({ ...page, name: undefined })],
    ['an unknown access', JSON.stringify({ ...page, access: 'root' })],
    ['an unknown visibility', JSON.stringify({ ...page, visibility: 'everyone' })],
    ['a negative price', JSON.stringify({ ...page, price: { kind: 'one_time', amount_cents: -5, currency: 'USD' } })],
    ['apps that are not a list', JSON.stringify({ ...page, apps: { 0: app } })],
    ['an app without a name', JSON.stringify({ ...page, apps: [{ ...app, name: 42 }] })],
    ['an app with a script for a price', JSON.stringify({ ...page, apps: [{ ...app, price: '<script>' }] })],
    ['not JSON', '<html>oops</html>'],
  ])('refuses a bundle page with %s as invalid_response', async (_what, body) => {
    await expect(answering(body).bundles.getPage(page.id)).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('accepts a well-formed page (so the cases above fail for their one fault)', async () => {
    const answer = await answering(JSON.stringify({ ...page, apps: [app] })).bundles.getPage(page.id);
    expect(answer).toMatchObject({ name: 'Kit', price: { kind: 'free' }, apps: [{ name: 'Tool', price: { kind: 'free' } }] });
  });

  it('passes the server\'s refusal on as an error, not a crash', async () => {
    await expect(answering(JSON.stringify({ message: 'boom', code: 'XX000' }), 500).bundles.getPage(page.id)).rejects.toBeInstanceOf(Error);
  });
});
