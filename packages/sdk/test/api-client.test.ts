// The public API client (@appforge/sdk/api) against the real embedded backend: every call it
// makes, the API's refusals as typed errors, and its operations and error codes checked against
// the OpenAPI document the backend serves, so the client and the document cannot drift apart.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  API_ERROR_CODES,
  API_OPERATIONS,
  AppNotInScopeError,
  InvalidApiKeyError,
  InvalidInputsError,
  NoCasesError,
  RateLimitedError,
  RunFinishedError,
  TestRunNotFoundError,
  createAppforgeApi,
} from '../src/api';
import type { ApiRunEvent, AppforgeApi } from '../src/api';
import { ANSWER_SCHEMAS } from '../src/api/schemas';
import type { AppforgeClient } from '../src/types';
import { startBackend } from './backend';
import type { SdkTestBackend } from './backend';
import { deployedApiApp } from './helpers';

async function collect(stream: AsyncIterable<ApiRunEvent>): Promise<ApiRunEvent[]> {
  const events: ApiRunEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The fields of one of the client's answer schemas that may not be absent. */
function requiredFields(name: keyof typeof ANSWER_SCHEMAS): string[] {
  const shape: Record<string, ZodType> = ANSWER_SCHEMAS[name].shape;
  return Object.entries(shape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([field]) => field)
    .sort();
}

async function rejected(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('the public API client on the embedded backend', () => {
  let backend: SdkTestBackend;
  let owner: { client: AppforgeClient; id: string };
  let appId: string;
  let otherAppId: string;
  let api: AppforgeApi;

  beforeAll(async () => {
    backend = await startBackend();
    owner = await backend.signedInUser('api-client-owner');
    appId = await deployedApiApp(backend.admin, owner.id, { name: 'Tone picker', description: 'Explains a topic' });
    otherAppId = await deployedApiApp(backend.admin, owner.id, { name: 'Another app', description: 'Explains a topic' });
    const key = await owner.client.apiKeys.create({ name: 'Client', app_ids: [appId], expires_at: null });
    api = createAppforgeApi({ url: owner.client.apiKeys.baseUrl(), apiKey: key.key });
  });
  afterAll(() => backend.stop());

  it('reads the app, runs it, continues it with a button and reads the run back', async () => {
    expect(await api.apps.get(appId)).toEqual({
      id: appId,
      name: 'Tone picker',
      description: 'Explains a topic',
      inputs: [{ name: 'topic', label: 'Topic', type: 'text', required: true }],
    });
    const started = await api.runs.create(appId, { topic: 'tides' });
    expect(started).toMatchObject({ status: 'awaiting_input', awaiting: { type: 'choice', prompt: 'Which tone?', buttons: [{ index: 0, label: 'Plain' }, { index: 1, label: 'Stop' }] } });
    const finished = await api.runs.continue(started.run_id, 0);
    expect(finished).toMatchObject({ run_id: started.run_id, status: 'done' });
    expect(finished.output).toContain('tides');
    expect(await api.runs.get(started.run_id)).toMatchObject({ run_id: started.run_id, status: 'done', output: finished.output });
    const again = await rejected(api.runs.continue(started.run_id, 0));
    expect(again).toBeInstanceOf(RunFinishedError);
    expect(again).toMatchObject({ code: 'run_finished', status: 409 });
  });

  it('streams a run: the run event first, then the engine’s events, then done with the result', async () => {
    const started = await collect(api.runs.stream(appId, { topic: 'volcanoes' }));
    expect(started[0]).toMatchObject({ event: 'run', data: { offline: true } });
    const paused = started.at(-1);
    if (paused?.event !== 'done') throw new Error('the stream should end with done');
    expect(paused.data.status).toBe('awaiting_input');
    const events = await collect(api.runs.continueStream(paused.data.run_id, { choice: 0 }));
    expect(events.some((event) => event.event === 'progress')).toBe(true);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { run_id: paused.data.run_id, status: 'done' } });
  });

  it('turns the API’s refusals into their error classes with the server’s words', async () => {
    const wrongKey = createAppforgeApi({ url: backend.url, apiKey: `af_${'A'.repeat(51)}` });
    const unknown = await rejected(wrongKey.apps.get(appId));
    expect(unknown).toBeInstanceOf(InvalidApiKeyError);
    expect(unknown).toMatchObject({ status: 401, code: 'invalid_api_key' });

    const outOfScope = await rejected(api.apps.get(otherAppId));
    expect(outOfScope).toBeInstanceOf(AppNotInScopeError);
    expect(outOfScope).toMatchObject({ status: 403 });

    const missingInput = await rejected(api.runs.create(appId, {}));
    expect(missingInput).toBeInstanceOf(InvalidInputsError);
    expect((missingInput as InvalidInputsError).fields.map((field) => field.field)).toEqual(['topic']);

    expect(await rejected(api.testRuns.create(appId))).toBeInstanceOf(NoCasesError);
    expect(await rejected(api.testRuns.get(randomUUID()))).toBeInstanceOf(TestRunNotFoundError);
  });

  it('starts a test run of the app’s cases and reads it back', async () => {
    await owner.client.appTests.createCase({ appId, name: 'Tides', inputs: { topic: 'tides' }, expectations: [{ kind: 'contains', text: 'tides' }], mode: 'must_pass' });
    const started = await api.testRuns.create(appId, { version: 'draft' });
    expect(started).toMatchObject({ app_id: appId, total: 1 });
    const read = await api.testRuns.get(started.id);
    expect(read).toMatchObject({ id: started.id, app_id: appId, total: 1 });
  });

  it('says when the key started too many runs, with the seconds to wait', async () => {
    const limited = await owner.client.apiKeys.create({ name: 'Slow', app_ids: [appId], expires_at: null, rate_limit_per_minute: 1 });
    const slow = createAppforgeApi({ url: backend.url, apiKey: limited.key });
    await slow.runs.create(appId, { topic: 'one' });
    const refused = await rejected(slow.runs.create(appId, { topic: 'two' }));
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfter).toBeGreaterThan(0);
    expect((refused as RateLimitedError).message).toContain('try again in');
  });

  it('calls only operations the served OpenAPI document offers, and knows exactly the error codes it lists', async () => {
    const response = await fetch(`${api.baseUrl}/v1/openapi.json`);
    expect(response.status).toBe(200);
    type Operation = { operationId?: string; requestBody?: { required?: boolean }; parameters?: { name: string; in: string; required?: boolean }[] };
    type SchemaDoc = { required?: string[]; properties?: Record<string, unknown> };
    const document = (await response.json()) as {
      paths: Record<string, Record<string, Operation | { name: string; in: string }[]>>;
      components: { schemas: Record<string, SchemaDoc> & { Error: { properties: { error: { properties: { code: { enum: string[] } } } } } } };
    };
    for (const [operationId, { method, path, answer }] of Object.entries(API_OPERATIONS)) {
      const item = document.paths[path];
      expect(item, `${path} in the document`).toBeDefined();
      const operation = item?.[method] as Operation | undefined;
      expect(operation?.operationId, `${method.toUpperCase()} ${path}`).toBe(operationId);
      // The answer's required fields are the ones the client insists on, no more and no fewer.
      expect(requiredFields(answer), `${answer}'s required fields`).toEqual([...(document.components.schemas[answer]?.required ?? [])].sort());
    }
    for (const nested of ['Input', 'TestCaseResult'] as const) {
      expect(requiredFields(nested), `${nested}'s required fields`).toEqual([...(document.components.schemas[nested]?.required ?? [])].sort());
    }
    expect([...API_ERROR_CODES].sort()).toEqual([...document.components.schemas.Error.properties.error.properties.code.enum].sort());
  });
});
