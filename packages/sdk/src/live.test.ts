// client.live on the embedded backend: an owner hears the runs and versions of their app as they
// happen, with only the columns they may select; another user hears nothing of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteBackend } from '../test/remote-backend';
import type { RemoteBackend } from '../test/remote-backend';
import type { LiveChange } from './live';

async function until(check: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('client.live', () => {
  let backend: RemoteBackend;

  beforeAll(() => {
    backend = remoteBackend();
  });

  afterAll(async () => {
    await backend.stopClients();
  });

  it('delivers an app’s runs and versions to its owner only, without server-only columns', async () => {
    const owner = await backend.signedInUser('live-owner');
    const other = await backend.signedInUser('live-other');
    const app = await backend.admin.from('App').insert({ owner_id: owner.id, name: 'Live app' }).select('id').single();
    if (app.error) throw new Error(app.error.message);
    const appId = app.data.id;
    const heard: LiveChange[] = [];
    const overheard: LiveChange[] = [];
    const subscribed = (client: typeof owner.client, sink: LiveChange[]) => {
      const stops = [
        client.live.subscribe({ table: 'AppRun', match: { column: 'app_id', value: appId } }, (change) => sink.push(change)),
        client.live.subscribe({ table: 'AppVersion', match: { column: 'app_id', value: appId } }, (change) => sink.push(change)),
        client.live.subscribe({ table: 'AppRun' }, (change) => sink.push(change)),
      ];
      return () => stops.forEach((stop) => stop());
    };
    const stopOwner = subscribed(owner.client, heard);
    const stopOther = subscribed(other.client, overheard);
    // Subscribing is asynchronous: wait until a version change reaches the owner.
    await until(() => owner.client.supabase.getChannels().every((channel) => channel.state === 'joined'), 'owner channels joined');
    await until(() => other.client.supabase.getChannels().every((channel) => channel.state === 'joined'), 'other channels joined');
    const version = await owner.client.supabase
      .from('AppVersion')
      .insert({ app_id: appId, spec: { entryStepId: 'a', steps: [] } })
      .select('id')
      .single();
    if (version.error) throw new Error(version.error.message);
    const run = await backend.admin
      .from('AppRun')
      .insert({ app_id: appId, version_id: version.data.id, visitor_session: 'visitor-1', state: { secret: 'engine state' } })
      .select('id')
      .single();
    if (run.error) throw new Error(run.error.message);
    await until(() => heard.filter((change) => change.table === 'AppRun').length === 2, 'the run on both AppRun subscriptions');
    expect(heard.find((change) => change.table === 'AppVersion')).toMatchObject({ eventType: 'INSERT', new: { id: version.data.id, number: 1 } });
    const runChange = heard.find((change) => change.table === 'AppRun');
    expect(runChange).toMatchObject({ eventType: 'INSERT', new: { id: run.data.id, app_id: appId, status: 'running' } });
    expect(runChange?.new).not.toHaveProperty('state');
    // The other user's own run arrives on their unfiltered subscription; nothing of the owner's app did.
    const own = await backend.admin.from('App').insert({ owner_id: other.id, name: 'Other app' }).select('id').single();
    if (own.error) throw new Error(own.error.message);
    await backend.admin.from('AppRun').insert({ app_id: own.data.id, runner_user_id: other.id });
    await until(() => overheard.length === 1, 'the other user’s own run');
    expect(overheard.map((change) => change.new.app_id)).toEqual([own.data.id]);
    stopOwner();
    stopOther();
  });

  it('refuses a match value that is not an id', () => {
    const client = backend.client();
    expect(() => client.live.subscribe({ table: 'AppRun', match: { column: 'app_id', value: 'x,y' } }, () => undefined)).toThrow();
  });
});
