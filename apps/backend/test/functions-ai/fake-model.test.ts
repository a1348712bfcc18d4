// The AI functions against a protocol-true fake OpenAI-compatible server on loopback
// (AI_BASE_URL / AI_API_KEY / AI_MODEL set for the backend): streamed tokens, a 429 then success,
// structured output for the builder, and broken model output that is never saved.
import { randomUUID } from 'node:crypto';
import { startFakeOpenAIServer } from '@appforge/functions/testing';
import type { FakeOpenAIServer } from '@appforge/functions/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { brokenSpec, callFunction, readSse, runEvents, seedApp, signedIn, topicSpec } from './helpers.js';

const API_KEY = 'sk-test-functions-ai';
let fake: FakeOpenAIServer;
let backend: TestBackend;
beforeAll(async () => {
  fake = await startFakeOpenAIServer({ apiKey: API_KEY, models: ['fake-model'] });
  backend = await startTestBackend({ env: { AI_BASE_URL: fake.baseUrl, AI_API_KEY: API_KEY, AI_MODEL: 'fake-model' } });
});
afterAll(async () => {
  await backend.stop();
  await fake.close();
});

function tokens(events: { event: string; data: Record<string, unknown> }[]): string[] {
  return events.filter((event) => event.event === 'token').map((event) => String(event.data.text));
}

describe('run-app with a real (fake) model', () => {
  it('streams the provider’s chunks as token events and records model, usage and steps', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    fake.enqueue({ text: 'Lava is molten rock.', chunks: ['Lava ', 'is ', 'molten ', 'rock.'], chunkDelayMs: 5, usage: { promptTokens: 11, completionTokens: 4 } });
    const events = await runEvents(backend, { app_id: appId, visitor_session: randomUUID(), inputs: { topic: 'volcanoes' } });
    expect(events[0]).toMatchObject({ event: 'run', data: { offline: false, model_label: 'fake-model' } });
    expect(tokens(events)).toEqual(['Lava ', 'is ', 'molten ', 'rock.']);
    const done = events.at(-1);
    expect(done?.event).toBe('run_done');
    expect(done?.data.usage).toEqual({ inputTokens: 11, outputTokens: 4 });
    expect(fake.requests.at(-1)?.authorization).toBe(`Bearer ${API_KEY}`);
    const runId = String(events[0]?.data.run_id);
    const run = await backend.db.query<{ status: string; model: string; offline: boolean; usage: unknown }>(
      'select status, model, offline, usage from public."AppRun" where id = $1',
      [runId],
    );
    expect(run.rows[0]).toEqual({ status: 'done', model: 'fake-model', offline: false, usage: { inputTokens: 11, outputTokens: 4 } });
    const step = await backend.db.query<{ output: unknown; usage: unknown }>(
      `select output, usage from public."AppRunStep" where run_id = $1 and step_id = 'write'`,
      [runId],
    );
    expect(step.rows[0]).toEqual({ output: 'Lava is molten rock.', usage: { inputTokens: 11, outputTokens: 4 } });
  });

  it('retries a 429 and then streams the answer', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    const before = fake.requests.length;
    fake.enqueue({ status: 429, message: 'Slow down', headers: { 'retry-after-ms': '20' } }, { text: 'Tides follow the moon.', chunks: ['Tides ', 'follow ', 'the moon.'] });
    const events = await runEvents(backend, { app_id: appId, visitor_session: randomUUID(), inputs: { topic: 'tides' } });
    expect(events.at(-1)?.event).toBe('run_done');
    expect(tokens(events).join('')).toBe('Tides follow the moon.');
    expect(fake.requests.length - before).toBe(2);
  });

  it('sends a visitor’s {{braces}} to the model literally, never the fixed variable', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    fake.enqueue({ text: 'ok' });
    const events = await runEvents(backend, { app_id: appId, visitor_session: randomUUID(), inputs: { topic: '{{secret}} and {{text}}' } });
    expect(events.at(-1)?.event).toBe('run_done');
    const sent = JSON.stringify(fake.requests.at(-1)?.messages);
    expect(sent).toContain('Explain {{secret}} and {{text}} simply.');
    expect(sent).not.toContain('TOP-SECRET-CONSTANT');
  });

  it('applies the app’s settings to every AI step: system prompt first, its temperature, its token cap', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id, {
      config: { model: null, temperature: 0.2, max_output_tokens: 64, system_prompt: 'Answer like a pirate.' },
    });
    fake.enqueue({ text: 'Arr.' });
    const events = await runEvents(backend, { app_id: appId, visitor_session: randomUUID(), inputs: { topic: 'sails' } });
    expect(events.at(-1)?.event).toBe('run_done');
    const sent = fake.requests.at(-1);
    expect(sent?.messages[0]).toMatchObject({ role: 'system' });
    expect(JSON.stringify(sent?.messages[0])).toContain('Answer like a pirate.');
    expect(sent?.temperature).toBe(0.2);
    expect(sent?.max_tokens).toBe(64);
  });

  it('keeps the app’s settings from visitors: the system prompt is not readable through the API', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id, {
      config: { model: null, temperature: 0.2, max_output_tokens: 64, system_prompt: 'SECRET-PROMPT' },
    });
    const anonymous = await fetch(`${backend.url}/rest/v1/AppConfig?select=config&app_id=eq.${appId}`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` },
    });
    expect(await anonymous.text()).not.toContain('SECRET-PROMPT');
    const stranger = await signedIn(backend);
    const other = await fetch(`${backend.url}/rest/v1/AppConfig?select=config&app_id=eq.${appId}`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${stranger.token}` },
    });
    expect(await other.json()).toEqual([]);
    const app = await fetch(`${backend.url}/rest/v1/App?select=*&id=eq.${appId}`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${stranger.token}` },
    });
    const body = await app.text();
    expect(body).toContain('Topic explainer');
    expect(body).not.toContain('SECRET-PROMPT');
    const mine = await fetch(`${backend.url}/rest/v1/AppConfig?select=config&app_id=eq.${appId}`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${owner.token}` },
    });
    expect(JSON.stringify(await mine.json())).toContain('SECRET-PROMPT');
  });

  it('ends with run_failed when the provider keeps failing, and stores the failure', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    fake.enqueue({ status: 401, message: 'bad key' });
    const events = await runEvents(backend, { app_id: appId, visitor_session: randomUUID(), inputs: { topic: 'x' } });
    expect(events.at(-1)).toMatchObject({ event: 'run_failed', data: { code: 'model_error' } });
    const run = await backend.db.query<{ status: string }>('select status from public."AppRun" where id = $1', [String(events[0]?.data.run_id)]);
    expect(run.rows[0]?.status).toBe('failed');
  });
});

describe('builder functions with a real (fake) model', () => {
  it('create-app-from-description saves the model’s validated app as an ai version', async () => {
    const user = await signedIn(backend);
    fake.enqueue({ text: JSON.stringify({ name: 'Topic Tutor', description: 'Explains a topic.', spec: topicSpec() }) });
    const response = await callFunction(backend, 'create-app-from-description', { description: 'Explain topics to kids' }, user.token);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { app_id: string; version_id: string };
    expect(body).toMatchObject({ offline: false, model_label: 'fake-model' });
    const version = await backend.db.query<{ source: string; name: string }>(
      'select v.source, a.name from public."AppVersion" v join public."App" a on a.id = v.app_id where v.id = $1',
      [body.version_id],
    );
    expect(version.rows[0]).toEqual({ source: 'ai', name: 'Topic Tutor' });
  });

  it('generate-app-version never saves a spec that fails validation twice', async () => {
    const owner = await signedIn(backend);
    const { appId, versionId } = await seedApp(backend, owner.id);
    const broken = JSON.stringify({ spec: brokenSpec(), changeSummary: 'Broke it.' });
    fake.enqueue({ text: broken }, { text: broken });
    const events = await readSse(
      await callFunction(backend, 'generate-app-version', { app_id: appId, base_version_id: versionId, message: 'Make it explain {{nowhere}}' }, owner.token),
    );
    expect(events[0]?.event).toBe('progress');
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { code: 'invalid_model_output' } });
    const versions = await backend.db.query('select id from public."AppVersion" where app_id = $1', [appId]);
    expect(versions.rowCount).toBe(1);
  });

  it('generate-app-version saves the model’s valid revision with its change summary', async () => {
    const owner = await signedIn(backend);
    const { appId, versionId } = await seedApp(backend, owner.id);
    fake.enqueue({ text: JSON.stringify({ spec: topicSpec('Explain {{topic}} with one joke.'), changeSummary: 'Added a joke.' }) });
    const events = await readSse(
      await callFunction(backend, 'generate-app-version', { app_id: appId, base_version_id: versionId, message: 'Add a joke' }, owner.token),
    );
    expect(events.at(-1)).toMatchObject({ event: 'version', data: { number: 2, change_summary: 'Added a joke.' } });
    const saved = await backend.db.query<{ spec: { steps: { config: { prompt?: string } }[] } }>(
      'select spec from public."AppVersion" where id = $1',
      [String(events.at(-1)?.data.version_id)],
    );
    expect(saved.rows[0]?.spec.steps[1]?.config.prompt).toBe('Explain {{topic}} with one joke.');
  });
});
