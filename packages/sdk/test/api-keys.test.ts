// API keys and an app's API access through the SDK against the real embedded backend (real
// supabase-js, in-memory PGlite): create, list, try a run with the key, revoke.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppforgeApiError } from '../src/api/errors';
import type { ApiRun, ApiRunEvent } from '../src/api/schemas';
import type { AppforgeClient } from '../src/types';
import { startBackend } from './backend';
import type { SdkTestBackend } from './backend';
import { deployedApiApp, rejection } from './helpers';

async function collect(stream: AsyncIterable<ApiRunEvent>): Promise<ApiRunEvent[]> {
  const events: ApiRunEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The run as the stream's last event (`done`) describes it. */
function doneOf(events: readonly ApiRunEvent[]): ApiRun | undefined {
  const last = events.at(-1);
  return last?.event === 'done' ? last.data : undefined;
}

describe('API keys through the SDK on the embedded backend', () => {
  let backend: SdkTestBackend;
  let owner: { client: AppforgeClient; id: string };
  let other: { client: AppforgeClient; id: string };
  let appId: string;

  beforeAll(async () => {
    backend = await startBackend();
    owner = await backend.signedInUser('keys-owner');
    other = await backend.signedInUser('keys-other');
    const created = await owner.client.apps.createFromDescription({ description: 'Summarise a text I paste in three bullet points' });
    appId = created.app_id;
    if (created.version_id === null) throw new Error('a new app has a draft');
    await owner.client.apps.deploy(appId, created.version_id);
  });
  afterAll(() => backend.stop());

  it('creates a key shown once, lists it without its value, and runs the app with it once API access is on', async () => {
    const access = await owner.client.apiKeys.appAccess(appId);
    expect(access).toMatchObject({ app_id: appId, enabled: false, deployed: true });
    expect(access.inputs.length).toBeGreaterThan(0);
    expect(owner.client.apiKeys.baseUrl()).toMatch(/\/functions\/v1\/api$/);

    const created = await owner.client.apiKeys.create({ name: 'SDK test', app_ids: [appId], expires_at: null, rate_limit_per_minute: 10 });
    const listed = await owner.client.apiKeys.listMine();
    expect(listed.map((key) => [key.prefix, key.status, key.app_ids])).toEqual([[created.prefix, 'active', [appId]]]);
    expect(JSON.stringify(listed)).not.toContain(created.key.slice(11));
    expect(await other.client.apiKeys.listMine()).toEqual([]);
    expect((await rejection(other.client.apiKeys.get(created.id))).status).toBe(404);
    expect((await rejection(other.client.apiKeys.revoke(created.id))).status).toBe(404);

    const sample = (field: (typeof access.inputs)[number]): unknown =>
      field.type === 'number' ? 3 : field.type === 'yes_no' ? true : (field.options?.[0] ?? 'The tide comes in twice a day.');
    const inputs = Object.fromEntries(access.inputs.map((field) => [field.name, sample(field)]));
    const refused = await rejection(collect(owner.client.apiKeys.tryRun({ key: created.key, appId, inputs })));
    expect(refused.code).toBe('api_access_disabled');
    // The same error class a developer's code gets from @appforge/sdk/api.
    expect(refused).toBeInstanceOf(AppforgeApiError);
    expect((await rejection(other.client.apiKeys.setApiAccess(appId, true))).status).toBe(404);
    await owner.client.apiKeys.setApiAccess(appId, true);
    expect((await owner.client.apiKeys.appAccess(appId)).enabled).toBe(true);

    const events = await collect(owner.client.apiKeys.tryRun({ key: created.key, appId, inputs }));
    expect(events[0]?.event).toBe('run');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'done' } });
    expect(events.some((event) => event.event === 'progress' && event.name === 'token')).toBe(true);
    const usage = await owner.client.apiKeys.get(created.id);
    expect(usage.runs_count).toBe(1);
    expect(usage.usage.at(-1)?.runs).toBe(1);

    await owner.client.apiKeys.revoke(created.id);
    expect((await owner.client.apiKeys.get(created.id)).status).toBe('revoked');
    expect((await rejection(collect(owner.client.apiKeys.tryRun({ key: created.key, appId, inputs })))).code).toBe('invalid_api_key');
  });

  it('rotates a key and refuses bad input with the server’s words', async () => {
    const created = await owner.client.apiKeys.create({ name: 'Rotate me', app_ids: null, expires_at: null });
    const rotated = await owner.client.apiKeys.rotate(created.id, 0);
    expect(rotated.replaces?.id).toBe(created.id);
    expect((await owner.client.apiKeys.get(created.id)).status).toBe('expired');
    const bad = await rejection(owner.client.apiKeys.create({ name: ' ', app_ids: null, expires_at: null }));
    expect(bad).toMatchObject({ status: 400, code: 'invalid_body' });
    expect(bad.message).toContain('name');
  });

  it('shows every key’s 14 days of usage, past the 1000 rows one REST read returns', async () => {
    const heavy = await backend.signedInUser('keys-heavy');
    // 80 keys used on each of the last 14 UTC days: 1,120 usage rows.
    const hex = (length: number) => Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join('');
    const keys = await backend.admin
      .from('ApiKey')
      .insert(Array.from({ length: 80 }, (_, n) => ({ owner_id: heavy.id, name: `Key ${String(n)}`, prefix: `af_${hex(8)}`, key_hash: hex(64) })))
      .select('id');
    if (keys.error) throw keys.error;
    const days = Array.from({ length: 14 }, (_, back) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10));
    const usage = keys.data.flatMap((key, n) => days.map((day) => ({ api_key_id: key.id, day, runs: n + 1 })));
    expect((await backend.admin.from('ApiKeyUsageDay').insert(usage)).error).toBeNull();

    const listed = await heavy.client.apiKeys.listMine();
    expect(listed).toHaveLength(80);
    const runsOf = (id: string) => listed.find((key) => key.id === id)?.usage.reduce((sum, day) => sum + day.runs, 0);
    expect(keys.data.map((key) => runsOf(key.id))).toEqual(keys.data.map((_, n) => 14 * (n + 1)));
    expect(await other.client.apiKeys.listMine()).toEqual([]);
  });

  it('continues a run that waits for a choice with the same key; a button outside the choice, an empty or revoked key get the API’s words', async () => {
    const toneAppId = await deployedApiApp(backend.admin, owner.id, { name: 'Tone picker' });
    const created = await owner.client.apiKeys.create({ name: 'Continue', app_ids: [toneAppId], expires_at: null });

    const started = doneOf(await collect(owner.client.apiKeys.tryRun({ key: created.key, appId: toneAppId, inputs: { topic: 'tides' } })));
    expect(started).toMatchObject({ status: 'awaiting_input', awaiting: { type: 'choice', prompt: 'Which tone?', buttons: [{ index: 0, label: 'Plain' }, { index: 1, label: 'Stop' }] } });
    const runId = started?.run_id ?? '';

    const outside = await rejection(collect(owner.client.apiKeys.tryContinue({ key: created.key, runId, answer: { choice: 5 } })));
    expect(outside).toMatchObject({ status: 400, code: 'invalid_inputs', message: 'choice must be a button index from 0 to 1' });
    expect(await rejection(collect(owner.client.apiKeys.tryContinue({ key: ' ', runId, answer: { choice: 0 } })))).toMatchObject({ code: 'invalid_input', message: 'Paste an API key first.' });
    const stranger = await other.client.apiKeys.create({ name: 'Not yours', app_ids: null, expires_at: null });
    expect((await rejection(collect(other.client.apiKeys.tryContinue({ key: stranger.key, runId, answer: { choice: 0 } })))).code).toBe('run_not_found');

    const finished = doneOf(await collect(owner.client.apiKeys.tryContinue({ key: created.key, runId, answer: { choice: 0 } })));
    expect(finished).toMatchObject({ run_id: runId, status: 'done' });
    expect(finished?.output).toContain('tides');
    expect((await rejection(collect(owner.client.apiKeys.tryContinue({ key: created.key, runId, answer: { choice: 0 } })))).code).toBe('run_finished');

    await owner.client.apiKeys.revoke(created.id);
    expect((await rejection(collect(owner.client.apiKeys.tryContinue({ key: created.key, runId, answer: { choice: 0 } })))).code).toBe('invalid_api_key');
  });
});
