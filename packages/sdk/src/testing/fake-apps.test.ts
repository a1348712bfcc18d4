import { describe, expect, it } from 'vitest';
import { AppforgeError } from '../errors';
import type { RunStreamEvent } from '../run-events';
import { makeApp, makeRun, makeSpec, makeVersion } from './factories';
import { createFakeAppforgeClient } from './fake-client';

async function rejection(promise: Promise<unknown>): Promise<AppforgeError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppforgeError);
    return error as AppforgeError;
  }
  throw new Error('expected the call to fail');
}

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const events: T[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

function ownerWithApp() {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'owner@example.com' });
  const app = makeApp({ owner_id: session.user.id });
  const version = makeVersion({ app_id: app.id, spec: makeSpec() });
  client.fake.data.apps[app.id] = { ...app, draft_version_id: version.id };
  client.fake.data.versions[version.id] = version;
  return { client, app, version };
}

describe('the fake client’s apps, versions and runs', () => {
  it('creates an app from a description with the offline model and a draft version', async () => {
    const client = createFakeAppforgeClient();
    const { id } = await client.apps.createDescription('A quiz about volcanoes');
    expect((await rejection(client.apps.createFromDescription({ appDescriptionId: id }))).code).toBe('not_authenticated');
    client.fake.signIn();
    const made = await client.apps.createFromDescription({ appDescriptionId: id });
    expect(made.offline).toBe(true);
    const app = await client.apps.get(made.app_id);
    expect(app.draft_version_id).toBe(made.version_id);
    expect(client.fake.data.descriptions[id]?.app_id).toBe(made.app_id);
  });

  it('refuses to deploy an invalid version with problems; deploys a valid one and freezes it', async () => {
    const { client, app, version } = ownerWithApp();
    const broken = await client.versions.createDraft({
      appId: app.id,
      spec: { entryStepId: 'show', steps: [{ id: 'show', kind: 'output', title: 'Hi', config: { template: '{{nobody}}' } }] },
    });
    const error = await rejection(client.apps.deploy(app.id, broken.id));
    expect(error.code).toBe('invalid_version');
    expect((error.details as { problems: unknown[] }).problems.length).toBeGreaterThan(0);
    await client.apps.deploy(app.id, version.id);
    expect((await client.versions.get(version.id)).frozen).toBe(true);
    expect((await rejection(client.versions.updateSpec(version.id, makeSpec()))).code).toBe('version_frozen');
    const draft = await client.versions.changeVersion(app.id, version.id);
    expect(draft).toMatchObject({ parent_version_id: version.id, frozen: false, number: 3 });
  });

  it('shows a visitor only deployed public apps', async () => {
    const { client, app, version } = ownerWithApp();
    client.fake.signOut();
    expect((await rejection(client.apps.getPublic(app.id))).code).toBe('not_found');
    client.fake.data.versions[version.id] = { ...version, frozen: true };
    client.fake.data.apps[app.id] = { ...app, deployed_version_id: version.id };
    const seen = await client.apps.getPublic(app.id);
    expect(seen.deployed?.id).toBe(version.id);
    expect(seen).not.toHaveProperty('config');
  });

  it('runs a version with the engine: pauses for the form, continues to the end', async () => {
    const { client, app, version } = ownerWithApp();
    const first: RunStreamEvent[] = await collect(client.runs.start({ appId: app.id, versionId: version.id }));
    expect(first[0]).toMatchObject({ type: 'run', offline: true });
    expect(first.at(-1)?.type).toBe('awaiting_input');
    const runId = first[0]?.type === 'run' ? first[0].run_id : '';
    const rest = await collect(client.runs.continue({ appId: app.id, runId, inputs: { topic: 'volcanoes' } }));
    expect(rest.some((event) => event.type === 'token')).toBe(true);
    expect(rest.at(-1)?.type).toBe('run_done');
    const { run, steps } = await client.runs.get(runId);
    expect(run.status).toBe('done');
    expect(steps.map((step) => step.kind)).toEqual(['input', 'ai', 'output']);
    expect((await client.apps.listMine())[0]?.runs_last_7_days).toBe(1);
  });

  it('counts runs_last_7_days over today and the six UTC days before, as the database does', async () => {
    const { client, app } = ownerWithApp();
    const now = new Date();
    const dayStart = (daysAgo: number) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo);
    const addRun = (at: number) => {
      const run = makeRun({ app_id: app.id, created_at: new Date(at).toISOString() });
      client.fake.data.runs[run.id] = { run, steps: [], state: null };
    };
    addRun(dayStart(6)); // the first instant of the oldest day: counted
    addRun(dayStart(6) - 1); // the last millisecond of the day before: not counted
    addRun(dayStart(0)); // midnight today
    addRun(now.getTime());
    expect((await client.apps.get(app.id)).runs_last_7_days).toBe(3);
    expect((await client.apps.listMine())[0]?.runs_last_7_days).toBe(3);
  });

  it('fails a stream on the first read when told to, like a refused run', async () => {
    const { client, app } = ownerWithApp();
    client.fake.fail('runs.start', new AppforgeError({ code: 'rate_limited', message: 'Too many runs', status: 429 }));
    expect((await rejection(collect(client.runs.start({ appId: app.id })))).code).toBe('rate_limited');
  });
});
