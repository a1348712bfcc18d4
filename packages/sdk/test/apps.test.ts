// Apps, versions, runs and the builder through the SDK against the real embedded backend (real
// supabase-js, in-memory PGlite, the server functions with the offline model).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSpecInput } from '@appforge/engine';
import { RUN_COUNT_IDS_PER_CALL, runsLastSevenDays } from '../src/apps';
import { AppforgeError } from '../src/errors';
import type { RunStreamEvent } from '../src/run-events';
import type { AppforgeClient, BuilderStreamEvent } from '../src/types';
import { startBackend } from './backend';
import type { SdkTestBackend } from './backend';

async function rejection(promise: Promise<unknown>): Promise<AppforgeError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppforgeError);
    return error as AppforgeError;
  }
  throw new Error('expected the call to fail');
}

function thrown(call: () => unknown): AppforgeError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(AppforgeError);
    return error as AppforgeError;
  }
  throw new Error('expected the call to throw');
}

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const events: T[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const helloSpec: AppSpecInput = {
  entryStepId: 'show',
  steps: [{ id: 'show', kind: 'output', title: 'Hello', config: { template: 'Hello there.' } }],
};

/** Parses (a string template) but cannot deploy: its only step points at a step that is not there. */
const brokenSpec: AppSpecInput = {
  entryStepId: 'show',
  steps: [{ id: 'show', kind: 'output', title: 'Hello', config: { template: 'Hi {{nobody}}' }, next: { type: 'step', stepId: 'missing' } }],
};

describe('apps through the SDK on the embedded backend', () => {
  let backend: SdkTestBackend;
  let owner: { client: AppforgeClient; id: string; email: string; password: string };
  let other: { client: AppforgeClient; id: string };
  let visitor: AppforgeClient;
  let appId: string;
  let firstVersionId: string;

  beforeAll(async () => {
    backend = await startBackend();
    owner = await backend.signedInUser('apps-owner');
    other = await backend.signedInUser('apps-other');
    visitor = backend.client();
    const created = await owner.client.apps.createFromDescription({ description: 'A quiz about the solar system for my class' });
    appId = created.app_id;
    if (created.version_id === null) throw new Error('a new app has a draft');
    firstVersionId = created.version_id;
  });
  afterAll(() => backend.stop());

  it('creates an app with a draft version from a description text (offline model)', async () => {
    const app = await owner.client.apps.get(appId);
    expect(app.owner_id).toBe(owner.id);
    expect(app.draft_version_id).toBe(firstVersionId);
    expect(app.deployed_version_id).toBeNull();
    expect(app.design.font).toBe('system');
    const versions = await owner.client.versions.list(appId);
    expect(versions.map((version) => version.id)).toEqual([firstVersionId]);
    expect(versions[0]?.spec.steps.length).toBeGreaterThan(0);
  });

  it('lets a visitor leave a description and its author turn it into an app', async () => {
    const { id } = await visitor.apps.createDescription('  A flashcard app for Spanish verbs  ');
    // Nobody reads a description back through the API.
    const read = await visitor.supabase.from('AppDescription').select('id').eq('id', id);
    expect(read.data ?? []).toEqual([]);
    const made = await owner.client.apps.createFromDescription({ appDescriptionId: id });
    expect(made.offline).toBe(true);
    expect((await owner.client.apps.get(made.app_id)).owner_id).toBe(owner.id);
    // Claimed: someone else cannot take it.
    const refused = await rejection(other.client.apps.createFromDescription({ appDescriptionId: id }));
    expect(refused.code).toBe('description_claimed');
    expect(refused.status).toBe(409);
  });

  it('refuses an empty or oversized description before sending anything', async () => {
    expect((await rejection(visitor.apps.createDescription('   '))).code).toBe('invalid_input');
    const tooLong = await rejection(visitor.apps.createDescription('x'.repeat(4001)));
    expect(tooLong).toMatchObject({ code: 'invalid_input', status: 400 });
    expect((await rejection(visitor.apps.createFromDescription({ description: 'A quiz' }))).code).toBe('not_authenticated');
  });

  it('hides a draft app and its versions from visitors and other users', async () => {
    expect((await rejection(visitor.apps.getPublic(appId))).code).toBe('not_found');
    expect((await rejection(other.client.apps.getPublic(appId))).code).toBe('not_found');
    expect((await rejection(other.client.apps.get(appId))).code).toBe('not_found');
    expect((await rejection(other.client.versions.get(firstVersionId))).code).toBe('not_found');
    expect(await other.client.versions.list(appId)).toEqual([]);
  });

  it('refuses to deploy an invalid version with its problems, and changes nothing', async () => {
    const broken = await owner.client.versions.createDraft({ appId, spec: brokenSpec, changeSummary: 'broken on purpose' });
    const error = await rejection(owner.client.apps.deploy(appId, broken.id));
    expect(error.code).toBe('invalid_version');
    expect(error.status).toBe(422);
    const problems = (error.details as { problems: { stepId: string | null; code: string }[] }).problems;
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some((problem) => problem.stepId === 'show')).toBe(true);
    expect((await owner.client.apps.get(appId)).deployed_version_id).toBeNull();
    expect((await owner.client.versions.get(broken.id)).frozen).toBe(false);
  });

  it('deploys a version, then a visitor reads the public app and its spec but never its config', async () => {
    const deployed = await owner.client.apps.deploy(appId, firstVersionId);
    expect(deployed.deployed_version_id).toBe(firstVersionId);
    const seen = await visitor.apps.getPublic(appId);
    expect(seen.deployed?.id).toBe(firstVersionId);
    expect(seen.deployed?.spec.steps.length).toBeGreaterThan(0);
    expect(seen).not.toHaveProperty('config');
    // A visitor still sees only the deployed version, never the drafts.
    const versions = await visitor.versions.list(appId);
    expect(versions.map((version) => version.id)).toEqual([firstVersionId]);
    // Not someone else's owner view.
    expect((await rejection(other.client.apps.get(appId))).code).toBe('not_found');
  });

  it('refuses to edit a deployed version (version_frozen, 409) and keeps its steps', async () => {
    const before = await owner.client.versions.get(firstVersionId);
    const error = await rejection(owner.client.versions.updateSpec(firstVersionId, helloSpec));
    expect(error).toMatchObject({ code: 'version_frozen', status: 409 });
    expect((await owner.client.versions.get(firstVersionId)).spec).toEqual(before.spec);
  });

  it('change version copies a deployed version into a new draft', async () => {
    const draft = await owner.client.versions.changeVersion(appId, firstVersionId);
    expect(draft.parent_version_id).toBe(firstVersionId);
    expect(draft.frozen).toBe(false);
    expect((await owner.client.apps.get(appId)).draft_version_id).toBe(draft.id);
    const saved = await owner.client.versions.updateSpec(draft.id, helloSpec, { changeSummary: 'say hello' });
    expect(saved.spec.steps[0]?.id).toBe('show');
    expect(saved.change_summary).toBe('say hello');
  });

  it('streams a run of the deployed app to a visitor: run first, then events to the end', async () => {
    const helloApp = await owner.client.apps.createFromDescription({ description: 'Say hello' });
    const hello = await owner.client.versions.createDraft({ appId: helloApp.app_id, spec: helloSpec });
    await owner.client.apps.deploy(helloApp.app_id, hello.id);
    const events = await collect(visitor.runs.start({ appId: helloApp.app_id, visitorSession: 'visitor-session-1' }));
    expect(events[0]).toMatchObject({ type: 'run', offline: true });
    const last = events.at(-1);
    expect(last?.type).toBe('run_done');
    if (last?.type === 'run_done') expect(last.outputs[0]?.markdown).toContain('Hello there.');

    // The owner sees the run in the app's history, with its steps.
    const runId = events[0]?.type === 'run' ? events[0].run_id : '';
    const { rows, total } = await owner.client.runs.list(helloApp.app_id);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ id: runId, status: 'done', version_number: hello.number });
    const detail = await owner.client.runs.get(runId);
    expect(detail.steps.map((step) => [step.step_id, step.kind])).toEqual([['show', 'output']]);
    const listed = await owner.client.apps.listMine();
    expect(listed.find((app) => app.id === helloApp.app_id)?.runs_last_7_days).toBe(1);
    expect((await owner.client.runs.recent(5))[0]).toMatchObject({ id: runId, app_name: expect.any(String) as string });
  });

  it('counts runs_last_7_days from the runs for yesterday and today and from the daily roll-up before, which outlives the runs', async () => {
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const before = (await owner.client.apps.get(appId)).runs_last_7_days;
    const old = (daysAgo: number) => ({ app_id: appId, status: 'done', created_at: `${day(daysAgo)}T12:00:00Z`, started_at: `${day(daysAgo)}T12:00:00Z` });
    const inserted = await backend.admin.from('AppRun').insert([old(4), old(4), old(6), old(8)]).select('id');
    expect(inserted.error).toBeNull();
    // Not rolled up yet: the days before yesterday count only through the roll-up.
    expect((await owner.client.apps.get(appId)).runs_last_7_days).toBe(before);
    const rolled = await backend.admin.rpc('rollup_app_usage', { p_from: day(9), p_to: day(2) });
    expect(rolled.error).toBeNull();
    expect((await owner.client.apps.get(appId)).runs_last_7_days).toBe(before + 3);
    // The run clean-up deletes the runs; the counts stay.
    const ids = (inserted.data ?? []).map((row) => row.id);
    expect((await backend.admin.from('AppRun').delete().in('id', ids)).error).toBeNull();
    expect((await owner.client.apps.listMine()).find((app) => app.id === appId)?.runs_last_7_days).toBe(before + 3);
    // Another user reads no roll-up of this app, and no count of it.
    const theirs = await other.client.supabase.from('AppUsageDay').select('runs').eq('app_id', appId);
    expect(theirs.data).toEqual([]);
    const counted = await other.client.supabase.rpc('app_runs_last_7_days', { p_app_ids: [appId] });
    expect(counted.data).toEqual([]);
  });

  it('counts every live run of the last two days, past the 1000 rows one REST read returns', async () => {
    const busy = await backend.admin.from('App').insert({ owner_id: owner.id, name: 'Busy app' }).select('id').single();
    if (busy.error) throw busy.error;
    const quiet = await backend.admin.from('App').insert({ owner_id: owner.id, name: 'Quiet app' }).select('id').single();
    if (quiet.error) throw quiet.error;
    // Yesterday's first instant (UTC) and later: 1,500 runs of one app, 3 of the other.
    const yesterday = `${new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10)}T00:00:00.000Z`;
    const run = (id: string) => ({ app_id: id, status: 'done', created_at: yesterday, started_at: yesterday });
    const inserted = await backend.admin.from('AppRun').insert([...Array.from({ length: 1500 }, () => run(busy.data.id)), ...[1, 2, 3].map(() => run(quiet.data.id))]);
    expect(inserted.error).toBeNull();
    const listed = await owner.client.apps.listMine();
    expect(listed.find((app) => app.id === busy.data.id)?.runs_last_7_days).toBe(1500);
    expect(listed.find((app) => app.id === quiet.data.id)?.runs_last_7_days).toBe(3);
    expect((await owner.client.apps.get(busy.data.id)).runs_last_7_days).toBe(1500);

    // More ids than one call takes go in several calls; ids that are not the caller's count nothing.
    const many = [busy.data.id, ...Array.from({ length: 2 * RUN_COUNT_IDS_PER_CALL }, () => crypto.randomUUID()), quiet.data.id];
    expect(await runsLastSevenDays(owner.client.supabase, many)).toEqual(new Map([[busy.data.id, 1500], [quiet.data.id, 3]]));
    expect(await runsLastSevenDays(other.client.supabase, many)).toEqual(new Map());
    // An id that is not one is refused before anything is sent.
    const refused = await rejection(runsLastSevenDays(owner.client.supabase, [busy.data.id, 'not-an-id']));
    expect(refused).toMatchObject({ code: 'invalid_input', status: 400, message: 'The app is not a valid id.' });
  });

  it('pauses a run at its form and continues it with the answers', async () => {
    const formSpec: AppSpecInput = {
      entryStepId: 'ask',
      steps: [
        { id: 'ask', kind: 'input', title: 'Planet', config: { fields: [{ name: 'planet', label: 'Planet', type: 'text', required: true }] } },
        { id: 'show', kind: 'output', title: 'Answer', config: { template: 'You chose {{planet}}.' } },
      ],
    };
    const preview = await owner.client.versions.createDraft({ appId, spec: formSpec });
    const events = await collect(owner.client.runs.start({ appId, versionId: preview.id }));
    const header = events[0];
    const paused = events.at(-1);
    if (header?.type !== 'run') throw new Error('the stream starts with the run');
    if (paused?.type !== 'awaiting_input') throw new Error('the run waits for the form');
    expect(paused.fields.map((field) => field.name)).toEqual(['planet']);
    // A refused answer keeps the run waiting, with the reason.
    const refused = await collect(owner.client.runs.continue({ appId, runId: header.run_id, inputs: { planet: '' } }));
    expect(refused.at(-1)).toMatchObject({ type: 'awaiting_input', errors: [expect.objectContaining({ field: 'planet' })] });
    const resumed: RunStreamEvent[] = await collect(owner.client.runs.continue({ appId, runId: header.run_id, inputs: { planet: 'Mars' } }));
    expect(resumed[0]).toMatchObject({ type: 'run', run_id: header.run_id });
    const done = resumed.at(-1);
    if (done?.type !== 'run_done') throw new Error('the run ends');
    expect(done.outputs[0]?.markdown).toContain('You chose Mars.');
    expect((await owner.client.runs.get(header.run_id)).run).toMatchObject({ status: 'done', inputs: { planet: 'Mars' } });
  });

  it('refuses a run of a draft-only app or someone else’s run before the first event', async () => {
    const draftOnly = await owner.client.apps.createFromDescription({ description: 'Not deployed yet' });
    const error = await rejection(collect(visitor.runs.start({ appId: draftOnly.app_id })));
    expect(error).toMatchObject({ code: 'app_not_found', status: 404 });
    const started = await collect(owner.client.runs.start({ appId, versionId: firstVersionId }));
    const runId = started[0]?.type === 'run' ? started[0].run_id : '';
    const notYours = await rejection(collect(other.client.runs.continue({ appId, runId, inputs: {} })));
    expect(notYours.code).toBe('not_your_run');
  });

  it('refuses hostile input with an AppforgeError and changes nothing', async () => {
    expect(thrown(() => visitor.runs.start({ appId: 'not-a-uuid' })).code).toBe('invalid_input');
    expect((await rejection(visitor.apps.getPublic("1' or '1'='1"))).code).toBe('not_found');
    expect((await rejection(owner.client.apps.deploy('nope', firstVersionId))).code).toBe('invalid_input');
    expect((await rejection(owner.client.versions.updateSpec(firstVersionId, { steps: 'x' } as unknown as AppSpecInput))).code).toBe(
      'invalid_input',
    );
    // Another user's app: deploy, edit, update and delete all fail; the app stays as it was.
    const before = await owner.client.apps.get(appId);
    expect((await rejection(other.client.apps.deploy(appId, firstVersionId))).code).toBe('not_owner');
    expect((await rejection(other.client.apps.update(appId, { name: 'Stolen' }))).code).toBe('not_found');
    expect((await rejection(other.client.apps.remove(appId))).code).toBe('not_found');
    const draftId = before.draft_version_id ?? '';
    expect((await rejection(other.client.versions.updateSpec(draftId, helloSpec))).code).toBe('not_found');
    expect((await rejection(other.client.versions.createDraft({ appId, spec: helloSpec }))).code).toBe('permission_denied');
    const after = await owner.client.apps.get(appId);
    expect(after.name).toBe(before.name);
    expect(after.updated_at).toBe(before.updated_at);
    // Oversized and malformed settings are refused before sending.
    expect((await rejection(owner.client.apps.update(appId, { name: 'x'.repeat(121) }))).code).toBe('invalid_input');
    const badDesign = { theme_color: 'red', font: 'system', layout: 'wide', welcome_text: '' } as const;
    expect((await rejection(owner.client.apps.update(appId, { design: badDesign }))).code).toBe('invalid_input');
  });

  it('updates and removes the owner’s app', async () => {
    const made = await owner.client.apps.createFromDescription({ description: 'A reading log' });
    const updated = await owner.client.apps.update(made.app_id, {
      name: 'Reading Log',
      visibility: 'signed_in',
      price: { kind: 'monthly', amount_cents: 500, currency: 'EUR' },
    });
    expect(updated).toMatchObject({ name: 'Reading Log', visibility: 'signed_in', price: { kind: 'monthly', amount_cents: 500 } });
    // The config lives in the owner-only AppConfig table: written, read back, hidden from others.
    const config = { model: null, temperature: 0.3, max_output_tokens: 200, system_prompt: 'Be brief.' };
    expect((await owner.client.apps.update(made.app_id, { config })).config).toEqual(config);
    expect((await owner.client.apps.get(made.app_id)).config).toEqual(config);
    expect((await owner.client.apps.update(made.app_id, { config: { ...config, temperature: 1 } })).config.temperature).toBe(1);
    expect((await other.client.supabase.from('AppConfig').select('config').eq('app_id', made.app_id)).data).toEqual([]);
    expect((await rejection(other.client.apps.update(made.app_id, { config }))).code).toBe('not_found');
    expect((await owner.client.apps.listMine({ search: 'reading', sort: 'name' })).map((app) => app.id)).toEqual([made.app_id]);
    await owner.client.apps.remove(made.app_id);
    expect((await rejection(owner.client.apps.get(made.app_id))).code).toBe('not_found');
  });

  it('uploads a PNG icon to the public app-icons bucket and refuses other files', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], { type: 'image/png' });
    const { icon_path: iconPath, icon_url: iconUrl } = await owner.client.apps.uploadIcon(appId, png);
    expect(iconPath.startsWith(`${owner.id}/${appId}/`)).toBe(true);
    expect((await owner.client.apps.get(appId)).icon_path).toBe(iconPath);
    // Image transformations are off by default: the upload itself, as on a free hosted project.
    expect(iconUrl).toContain('/storage/v1/object/public/app-icons/');
    const download = await fetch(iconUrl);
    expect(download.status).toBe(200);
    const text = new Blob(['hello'], { type: 'text/plain' });
    expect((await rejection(owner.client.apps.uploadIcon(appId, text))).code).toBe('invalid_input');
    const big = new Blob([new Uint8Array(1024 * 1024 + 1)], { type: 'image/png' });
    expect((await rejection(owner.client.apps.uploadIcon(appId, big))).code).toBe('invalid_input');
    expect((await rejection(other.client.apps.uploadIcon(appId, png))).code).toBe('not_found');
  });

  it('serves icons at icon size when the client has image transformations on', async () => {
    const rendering = backend.client({ imageTransformations: true });
    const { error } = await rendering.supabase.auth.signInWithPassword({ email: owner.email, password: owner.password });
    if (error) throw error;
    const png = new Blob([new Uint8Array(await pngSquare(600))], { type: 'image/png' });
    const { icon_path: iconPath, icon_url: iconUrl } = await rendering.apps.uploadIcon(appId, png);
    expect(iconUrl).toContain('/storage/v1/render/image/public/app-icons/');
    const app = await rendering.apps.get(appId);
    expect(app.icon_path).toBe(iconPath);
    expect(app.icon_url).toBe(iconUrl);
    expect((await rendering.apps.listMine()).find((listed) => listed.id === appId)?.icon_url).toBe(iconUrl);
    // The 600 px upload (about 360 kB) comes back as a 192 px square, not the full-size file.
    const download = await fetch(iconUrl, { headers: { accept: 'image/png,*/*' } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([192, 192]);
    expect(bytes.length).toBeLessThan(png.size);
    // The same icon through a client without them is the upload, at full size.
    const plain = await fetch((await owner.client.apps.get(appId)).icon_url ?? '');
    const original = Buffer.from(await plain.arrayBuffer());
    expect([original.readUInt32BE(16), original.readUInt32BE(20)]).toEqual([600, 600]);
    await rendering.supabase.auth.signOut();
  });

  it('generates a new draft version in the builder chat', async () => {
    const app = await owner.client.apps.get(appId);
    const base = app.draft_version_id ?? firstVersionId;
    const events: BuilderStreamEvent[] = await collect(
      owner.client.builder.generateVersion({ appId, versionId: base, message: 'Rename the app to Planet Quiz' }),
    );
    expect(events[0]?.type).toBe('progress');
    const last = events.at(-1);
    if (last?.type !== 'version') throw new Error(`expected a new version, got ${JSON.stringify(last)}`);
    expect((await owner.client.versions.get(last.version_id)).parent_version_id).toBe(base);
    const changed = await owner.client.apps.get(appId);
    expect(changed.draft_version_id).toBe(last.version_id);
    expect(changed.name).toBe('Planet Quiz');
    const refused = await rejection(collect(other.client.builder.generateVersion({ appId, versionId: base, message: 'Hi' })));
    expect(refused.code).toBe('not_owner');
  });
});

/** A width×width PNG of 8-bit grey noise (it does not compress: about width² bytes). */
async function pngSquare(width: number): Promise<Buffer> {
  const { crc32, deflateSync } = await import('node:zlib');
  const rows = Buffer.alloc((width + 1) * width);
  let seed = 12345;
  for (let y = 0; y < width; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      rows[y * (width + 1) + 1 + x] = seed >>> 24;
    }
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
