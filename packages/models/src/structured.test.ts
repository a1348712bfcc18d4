import { createOfflineModel } from '@appforge/engine/offline-model';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { ModelError } from './model-error';
import { createOpenAICompatibleModel } from './openai-compatible-model';
import { generateStructured } from './structured';
import { startFakeOpenAIServer } from './testing/fake-openai-server';
import type { FakeOpenAIServer } from './testing/fake-openai-server';

let server: FakeOpenAIServer;
beforeEach(async () => {
  server = await startFakeOpenAIServer();
});
afterEach(async () => {
  await server.close();
});

const quizSchema = z.object({
  title: z.string().min(1),
  questions: z.array(z.object({ question: z.string().min(1), answer: z.string() })).min(1),
});

const model = (structuredOutputs = false) =>
  createOpenAICompatibleModel({ id: 'fake-model', baseUrl: server.baseUrl, retry: { baseDelayMs: 5 }, structuredOutputs });

const valid = { title: 'Volcanoes', questions: [{ question: 'What is magma?', answer: 'Molten rock.' }] };

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ModelError)) throw new Error(`expected a ModelError, got ${String(error)}`);
  return error;
}

describe('generateStructured', () => {
  it('returns the object when the model answers with valid JSON, asking for JSON mode with the schema in the prompt', async () => {
    server.enqueue({ text: JSON.stringify(valid), usage: { promptTokens: 40, completionTokens: 12 } });
    const result = await generateStructured({ model: model(), schema: quizSchema, system: 'You write quizzes.', prompt: 'A quiz on volcanoes.' });
    expect(result).toEqual({ value: valid, usage: { inputTokens: 40, outputTokens: 12 }, modelCalls: 1 });
    const [sent] = server.requests;
    expect(sent?.stream).toBe(false);
    expect(sent?.response_format).toEqual({ type: 'json_object' });
    const system = sent?.messages[0];
    expect(system?.role).toBe('system');
    expect(String(system?.content)).toContain('You write quizzes.');
    expect(String(system?.content)).toContain('"questions"');
  });

  it('sends a json_schema response format to endpoints with structured outputs', async () => {
    server.enqueue({ text: JSON.stringify(valid) });
    await generateStructured({ model: model(true), schema: quizSchema, schemaName: 'quiz', prompt: 'A quiz.' });
    expect(server.requests[0]?.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'quiz', strict: false } });
  });

  it('repairs malformed JSON once, telling the model what was wrong', async () => {
    server.enqueue({ text: '{"title": "Volcanoes", "questions": [' }, { text: JSON.stringify(valid) });
    const result = await generateStructured({ model: model(), schema: quizSchema, prompt: 'A quiz on volcanoes.' });
    expect(result.value).toEqual(valid);
    expect(result.modelCalls).toBe(2);
    const repair = server.requests[1]?.messages ?? [];
    expect(repair.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(repair[2]?.content).toBe('{"title": "Volcanoes", "questions": [');
    expect(String(repair[3]?.content)).toContain('not valid JSON');
  });

  it('repairs an answer that does not fit the schema, naming the field', async () => {
    server.enqueue({ text: JSON.stringify({ title: 'Volcanoes', questions: [] }) }, { text: JSON.stringify(valid) });
    const result = await generateStructured({ model: model(), schema: quizSchema, prompt: 'A quiz.' });
    expect(result.modelCalls).toBe(2);
    expect(String(server.requests[1]?.messages[3]?.content)).toContain('questions:');
  });

  it('fails with invalid_output and the zod issues when the repair is malformed too', async () => {
    server.enqueue({ text: 'Sure! Here is your quiz: {"title": 42}' }, { text: '{"title": 42, "questions": "none"}' });
    const error = await failure(generateStructured({ model: model(), schema: quizSchema, prompt: 'A quiz.' }));
    expect(error.code).toBe('invalid_output');
    expect(error.issues).toEqual(expect.arrayContaining([expect.stringMatching(/^title: /), expect.stringMatching(/^questions: /)]));
    expect(error.message).toContain('even after being asked to fix it');
    expect(server.requests).toHaveLength(2);
  });

  it('treats problems found by `check` like schema problems', async () => {
    server.enqueue({ text: JSON.stringify({ ...valid, title: 'x' }) }, { text: JSON.stringify(valid) });
    const result = await generateStructured({
      model: model(),
      schema: quizSchema,
      prompt: 'A quiz.',
      check: (value) => (value.title.length < 3 ? ['title: a title has at least 3 letters.'] : []),
    });
    expect(result.modelCalls).toBe(2);
    expect(String(server.requests[1]?.messages[3]?.content)).toContain('a title has at least 3 letters');
  });

  it('accepts JSON wrapped in a code fence without a repair', async () => {
    server.enqueue({ text: `\`\`\`json\n${JSON.stringify(valid)}\n\`\`\`` });
    const result = await generateStructured({ model: model(), schema: quizSchema, prompt: 'A quiz.' });
    expect(result.value).toEqual(valid);
    expect(result.modelCalls).toBe(1);
  });

  it('retries a 429 before answering', async () => {
    server.enqueue({ status: 429 }, { text: JSON.stringify(valid) });
    const result = await generateStructured({ model: model(), schema: quizSchema, prompt: 'A quiz.' });
    expect(result.value).toEqual(valid);
    expect(server.requests).toHaveLength(2);
  });

  it('times out a call that never answers', async () => {
    server.enqueue({ hang: true });
    const slow = createOpenAICompatibleModel({ id: 'fake-model', baseUrl: server.baseUrl, timeoutMs: 300 });
    const error = await failure(generateStructured({ model: slow, schema: quizSchema, prompt: 'A quiz.' }));
    expect(error.code).toBe('timeout');
  });

  it('is cancelled by its signal', async () => {
    server.enqueue({ hang: true });
    const controller = new AbortController();
    const pending = failure(generateStructured({ model: model(), schema: quizSchema, prompt: 'A quiz.', signal: controller.signal }));
    await server.waitForRequests(1);
    controller.abort();
    expect((await pending).code).toBe('cancelled');
  });

  it('refuses the offline model with a sentence saying what to do', async () => {
    const error = await failure(generateStructured({ model: createOfflineModel(), schema: quizSchema, prompt: 'A quiz.' }));
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('AI_BASE_URL');
  });
});
