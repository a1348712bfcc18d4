import type { AppSpecInput, RunEvent } from '@appforge/engine';
import { parseAppSpec, runApp, systemClock } from '@appforge/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createModelCatalogue } from './catalogue';
import { startFakeOpenAIServer } from './testing/fake-openai-server';
import type { FakeOpenAIServer } from './testing/fake-openai-server';

const input: AppSpecInput = {
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'topic', label: 'Topic', required: true }] } },
    {
      id: 'write',
      kind: 'ai',
      title: 'Write',
      config: { system: 'You teach children.', prompt: 'Explain {{topic}} to a 10-year-old.', outputVariable: 'text', settings: { temperature: 0.2, maxOutputTokens: 300 } },
    },
    { id: 'show', kind: 'output', title: 'Result', config: { template: '# {{topic}}\n\n{{text}}' } },
  ],
};

let server: FakeOpenAIServer;
beforeEach(async () => {
  server = await startFakeOpenAIServer({ apiKey: 'sk-run' });
});
afterEach(async () => {
  await server.close();
});

async function run(inputs: Record<string, unknown>): Promise<RunEvent[]> {
  const parsed = parseAppSpec(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const catalogue = createModelCatalogue({ baseUrl: server.baseUrl, apiKey: 'sk-run', defaultModel: 'gpt-4o-mini', retry: { baseDelayMs: 5 } });
  const events: RunEvent[] = [];
  for await (const event of runApp(parsed.value, { model: catalogue.get(), clock: systemClock, inputs })) events.push(event);
  return events;
}

describe("the engine's executor with the real adapter", () => {
  it('runs an app end to end: streamed tokens, the filled output and the usage', async () => {
    server.enqueue({ text: 'Volcanoes are mountains with hot melted rock inside.', usage: { promptTokens: 21, completionTokens: 11 } });
    const events = await run({ topic: 'volcanoes' });
    expect(events.filter((event) => event.type === 'token').map((event) => event.text).join('')).toBe('Volcanoes are mountains with hot melted rock inside.');
    const done = events.at(-1);
    expect(done?.type).toBe('run_done');
    if (done?.type !== 'run_done') return;
    expect(done.usage).toEqual({ inputTokens: 21, outputTokens: 11 });
    expect(JSON.stringify(done.outputs)).toContain('Volcanoes are mountains with hot melted rock inside.');
    expect(events[0]).toMatchObject({ type: 'run_started', model: { id: 'gpt-4o-mini', offline: false } });
    expect(server.requests[0]?.messages).toEqual([
      { role: 'system', content: 'You teach children.' },
      { role: 'user', content: 'Explain volcanoes to a 10-year-old.' },
    ]);
    expect(server.requests[0]).toMatchObject({ temperature: 0.2, max_tokens: 300 });
  });

  it('recovers from a 429 inside a run without the visitor noticing', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '0' } }, { text: 'Fine now.' });
    const events = await run({ topic: 'rain' });
    expect(events.at(-1)?.type).toBe('run_done');
    expect(server.requests).toHaveLength(2);
  });

  it('fails the run with the provider error in words when the provider keeps failing', async () => {
    server.enqueue({ status: 500 }, { status: 502 }, { status: 503 });
    const events = await run({ topic: 'rain' });
    const failed = events.at(-1);
    expect(failed).toMatchObject({ type: 'run_failed', stepId: 'write', code: 'model_error' });
    expect(failed?.type === 'run_failed' ? failed.message : '').toContain('The AI provider failed');
  });
});

describe('JSON steps', () => {
  const jsonSpec: AppSpecInput = {
    entryStepId: 'ask',
    steps: [
      { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'topic', label: 'Topic', required: true }] } },
      {
        id: 'quiz',
        kind: 'ai',
        title: 'Quiz',
        config: {
          prompt: 'Write one question about {{topic}}.',
          outputVariable: 'quiz',
          outputFormat: 'json',
          jsonFields: [
            { name: 'question', type: 'string' },
            { name: 'points', type: 'number' },
          ],
        },
      },
      { id: 'show', kind: 'output', title: 'Result', config: { template: '{{quiz.question}} ({{quiz.points}})' } },
    ],
  };

  async function runJson(): Promise<RunEvent[]> {
    const parsed = parseAppSpec(jsonSpec);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const model = createModelCatalogue({ baseUrl: server.baseUrl, apiKey: 'sk-run', defaultModel: 'gpt-4o-mini' }).get();
    const events: RunEvent[] = [];
    for await (const event of runApp(parsed.value, { model, clock: systemClock, inputs: { topic: 'rivers' } })) events.push(event);
    return events;
  }

  it('asks the provider for JSON mode and fills the output from the fields', async () => {
    server.enqueue({ text: '{"question": "Which river is longest?", "points": 3}' });
    const events = await runJson();
    expect(server.requests[0]?.response_format).toEqual({ type: 'json_object' });
    const done = events.at(-1);
    expect(done?.type).toBe('run_done');
    expect(JSON.stringify(done)).toContain('Which river is longest? (3)');
  });

  it("lets the engine ask again when the model's JSON is malformed", async () => {
    server.enqueue({ text: '{"question": "Which river' }, { text: '{"question": "Which river is wettest?", "points": 1}' });
    const events = await runJson();
    expect(events.at(-1)?.type).toBe('run_done');
    expect(server.requests).toHaveLength(2);
  });
});
