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
});
