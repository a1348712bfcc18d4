import { describe, expect, it } from 'vitest';
import { entryInputs, usageSeries } from '../api-keys';
import { makeApp, makeSpec, makeVersion } from './factories';
import { createFakeAppforgeClient } from './fake-client';

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of stream) items.push(item);
  return items;
}

describe('the fake API keys', () => {
  it('show a key once, list it by prefix only, and run an app with API access through it until revoked', async () => {
    const client = createFakeAppforgeClient();
    const session = client.fake.signIn();
    const version = makeVersion();
    const app = makeApp({ owner_id: session.user.id, deployed_version_id: version.id, api_access_enabled: true });
    client.fake.data.apps[app.id] = app;
    client.fake.data.versions[version.id] = { ...version, app_id: app.id };

    const created = await client.apiKeys.create({ name: 'CI', app_ids: [app.id], expires_at: null });
    expect(created.key).toMatch(/^af_[0-9A-Za-z]{51}$/);
    const listed = await client.apiKeys.listMine();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ prefix: created.prefix, status: 'active' });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(listed[0]?.usage).toHaveLength(14);

    const events = await collect(client.apiKeys.tryRun({ key: created.key, appId: app.id, inputs: { topic: 'tides' } }));
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'done' } });
    const runId = String((events.at(-1)?.data as { run_id?: string }).run_id);
    await expect(collect(client.apiKeys.tryContinue({ key: created.key, runId, answer: { choice: 0 } }))).rejects.toMatchObject({ code: 'run_not_found', status: 404 });
    await expect(collect(client.apiKeys.tryContinue({ key: '', runId, answer: { choice: 0 } }))).rejects.toMatchObject({ code: 'invalid_input' });

    await client.apiKeys.revoke(created.id);
    await expect(collect(client.apiKeys.tryRun({ key: created.key, appId: app.id, inputs: {} }))).rejects.toMatchObject({ code: 'invalid_api_key', status: 401 });
    expect((await client.apiKeys.get(created.id)).status).toBe('revoked');
  });

  it('refuse another person’s app in app_ids and hide other people’s keys', async () => {
    const client = createFakeAppforgeClient();
    client.fake.signIn({ email: 'a@example.com' });
    const foreign = makeApp();
    client.fake.data.apps[foreign.id] = foreign;
    await expect(client.apiKeys.create({ name: 'k', app_ids: [foreign.id], expires_at: null })).rejects.toMatchObject({ code: 'invalid_app_ids' });
    const mine = await client.apiKeys.create({ name: 'k', app_ids: null, expires_at: null });
    client.fake.signIn({ email: 'b@example.com' });
    expect(await client.apiKeys.listMine()).toEqual([]);
    await expect(client.apiKeys.get(mine.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('entryInputs', () => {
  it('reads the fields of the entry input step, options only for choices', () => {
    const spec = makeSpec();
    expect(entryInputs(spec).length).toBeGreaterThan(0);
    expect(
      entryInputs({
        entryStepId: 'a',
        steps: [{ id: 'a', kind: 'input', config: { fields: [{ name: 'tone', label: 'Tone', type: 'choice', required: true, options: ['x', 'y'] }, { name: 't', label: 'T', type: 'text' }] } }],
      }),
    ).toEqual([
      { name: 'tone', label: 'Tone', type: 'choice', required: true, options: ['x', 'y'] },
      { name: 't', label: 'T', type: 'text', required: false },
    ]);
    expect(entryInputs('nonsense')).toEqual([]);
  });
});

describe('usageSeries', () => {
  it('fills the last days with zeros, oldest first', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const series = usageSeries([{ day: '2026-11-24', runs: 3, input_tokens: 1, output_tokens: 2, errors: 0 }], 3, now);
    expect(series.map((day) => [day.day, day.runs])).toEqual([
      ['2026-11-23', 0],
      ['2026-11-24', 3],
      ['2026-11-25', 0],
    ]);
  });
});
