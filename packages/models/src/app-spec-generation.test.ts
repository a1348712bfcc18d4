import type { AppSpecInput } from '@appforge/engine';
import { validateApp } from '@appforge/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { generateAppSpec, reviseAppSpec } from './app-spec-generation';
import { createModelCatalogue } from './catalogue';
import { ModelError } from './model-error';
import { startFakeOpenAIServer } from './testing/fake-openai-server';
import type { FakeOpenAIServer } from './testing/fake-openai-server';

const spec: AppSpecInput = {
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'topic', label: 'Topic', required: true }] } },
    { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Explain {{topic}} simply.', outputVariable: 'text' } },
    { id: 'show', kind: 'output', title: 'Result', config: { template: '{{text}}' } },
  ],
};

const brokenSpec: AppSpecInput = {
  ...spec,
  steps: [spec.steps[0], { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Explain {{subject}} simply.', outputVariable: 'text' } }, spec.steps[2]] as AppSpecInput['steps'],
};

describe('with the offline model', () => {
  const offline = createModelCatalogue({}).get();

  it('builds an app from the template that matches the description', async () => {
    const app = await generateAppSpec({ description: 'A quiz maker for my history class', model: offline });
    expect(app).toMatchObject({ offline: true, modelId: 'offline', templateId: 'quiz-maker', modelCalls: 0 });
    expect(app.changeSummary).toContain('offline model');
    expect(validateApp(app.spec).filter((problem) => problem.severity === 'error')).toEqual([]);
  });

  it('revises an app with the offline rules', async () => {
    const first = await generateAppSpec({ description: 'summarise articles', model: offline });
    const revised = await reviseAppSpec({ spec: first.spec, instruction: 'rename the app to Digest', model: offline });
    expect(revised).toMatchObject({ changed: true, name: 'Digest', offline: true });
  });

  it('refuses an empty or oversized description', async () => {
    await expect(generateAppSpec({ description: '   ', model: offline })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(generateAppSpec({ description: 'x'.repeat(4_001), model: offline })).rejects.toThrow('too long');
  });
});

describe('with an OpenAI-compatible model', () => {
  let server: FakeOpenAIServer;
  beforeEach(async () => {
    server = await startFakeOpenAIServer();
  });
  afterEach(async () => {
    await server.close();
  });
  const model = () => createModelCatalogue({ baseUrl: server.baseUrl, defaultModel: 'gpt-4o-mini', retry: { baseDelayMs: 5 } }).get();

  it('builds the app the model wrote, checked by the engine', async () => {
    server.enqueue({ text: JSON.stringify({ name: 'Explainer', description: 'Explains topics simply.', spec }) });
    const app = await generateAppSpec({ description: 'explain things to kids', model: model() });
    expect(app).toMatchObject({ name: 'Explainer', offline: false, modelId: 'gpt-4o-mini', modelCalls: 1 });
    expect(app.spec.steps.map((step) => step.id)).toEqual(['ask', 'write', 'show']);
    expect(String(server.requests[0]?.messages[1]?.content)).toContain('explain things to kids');
  });

  it('sends the app spec as a json_schema to endpoints with structured outputs', async () => {
    server.enqueue({ text: JSON.stringify({ name: 'Explainer', description: 'Explains.', spec }) });
    const structured = createModelCatalogue({
      baseUrl: server.baseUrl,
      models: [{ id: 'gpt-4o', label: 'GPT-4o', provider: 'openai-compatible', structuredOutputs: true }],
    }).get();
    const app = await generateAppSpec({ description: 'explain things', model: structured });
    expect(app.name).toBe('Explainer');
    const format = server.requests[0]?.response_format as { type: string; json_schema: { name: string; schema: { properties: Record<string, unknown> } } };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.name).toBe('appforge_app');
    expect(Object.keys(format.json_schema.schema.properties)).toEqual(['name', 'description', 'spec']);
  });

  it("sends the validator's problems back once and keeps the repaired app", async () => {
    server.enqueue(
      { text: JSON.stringify({ name: 'Explainer', description: '', spec: brokenSpec }) },
      { text: JSON.stringify({ name: 'Explainer', description: 'Explains.', spec }) },
    );
    const app = await generateAppSpec({ description: 'explain things', model: model() });
    expect(app.modelCalls).toBe(2);
    expect(String(server.requests[1]?.messages.at(-1)?.content)).toContain('step write');
  });

  it('never returns a broken app: a second broken answer is invalid_output', async () => {
    server.enqueue({ text: JSON.stringify({ name: 'Explainer', description: '', spec: brokenSpec }) }, { text: '{"name": "Explainer"}' });
    const error = await generateAppSpec({ description: 'explain things', model: model() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ code: 'invalid_output' });
    expect((error as ModelError).issues.some((issue) => issue.startsWith('spec'))).toBe(true);
  });

  it('revises an app with the model and reports the change', async () => {
    const current = (await generateAppSpec({ description: 'x', model: createModelCatalogue({}).get() })).spec;
    server.enqueue({ text: JSON.stringify({ spec, name: 'Kid Explainer', changeSummary: 'Simplified the app to three steps.' }) });
    const revised = await reviseAppSpec({ spec: current, instruction: 'make it simpler and call it Kid Explainer', model: model(), name: 'Assistant' });
    expect(revised).toMatchObject({ changed: true, name: 'Kid Explainer', changeSummary: 'Simplified the app to three steps.', offline: false });
    const prompt = String(server.requests[0]?.messages[1]?.content);
    expect(prompt).toContain('make it simpler');
    expect(prompt).toContain('“Assistant”');
  });
});
