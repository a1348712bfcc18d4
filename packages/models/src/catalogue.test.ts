import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { collect, request } from '../test/helpers';
import { createModelCatalogue } from './catalogue';
import type { ModelCatalogueConfig } from './catalogue';
import { ModelError } from './model-error';
import { startFakeOpenAIServer } from './testing/fake-openai-server';
import type { FakeOpenAIServer } from './testing/fake-openai-server';

function configError(config: ModelCatalogueConfig): ModelError {
  try {
    createModelCatalogue(config);
  } catch (error) {
    if (error instanceof ModelError) return error;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('createModelCatalogue without an endpoint', () => {
  it('offers only the offline model, labelled "offline model"', async () => {
    const catalogue = createModelCatalogue({});
    expect(catalogue.offline).toBe(true);
    expect(catalogue.models).toEqual([{ id: 'offline', label: 'offline model', offline: true, provider: 'offline' }]);
    const model = catalogue.get();
    expect(model).toMatchObject({ id: 'offline', label: 'offline model', offline: true });
    const result = await collect(model, request({ variables: { topic: 'volcanoes' } }));
    expect(result.texts.join('')).toMatch(/^\*\*Offline model\*\* —/);
  });

  it('ignores a model or key without a base URL (no endpoint means offline)', () => {
    const catalogue = createModelCatalogue({ apiKey: 'sk-x', defaultModel: 'gpt-4o-mini' });
    expect(catalogue.models.map((model) => model.id)).toEqual(['offline']);
  });

  it('explains an unknown model id and lists what exists', () => {
    const catalogue = createModelCatalogue({});
    expect(() => catalogue.get('gpt-4o')).toThrow(ModelError);
    expect(() => catalogue.get('gpt-4o')).toThrow('This server has no model called “gpt-4o”. Pick one of: offline model (offline).');
    expect(catalogue.has('gpt-4o')).toBe(false);
  });
});

describe('createModelCatalogue with an OpenAI-compatible endpoint', () => {
  let server: FakeOpenAIServer;
  beforeEach(async () => {
    server = await startFakeOpenAIServer({ apiKey: 'sk-live' });
  });
  afterEach(async () => {
    await server.close();
  });

  it('offers AI_MODEL alone when no list is given, and streams from it with AI_API_KEY', async () => {
    const catalogue = createModelCatalogue({ baseUrl: server.baseUrl, apiKey: 'sk-live', defaultModel: 'gpt-4o-mini' });
    expect(catalogue.offline).toBe(false);
    expect(catalogue.models).toEqual([{ id: 'gpt-4o-mini', label: 'gpt-4o-mini', offline: false, provider: 'openai-compatible' }]);
    server.enqueue({ text: 'Hello there.' });
    const result = await collect(catalogue.get(), request());
    expect(result.texts.join('')).toBe('Hello there.');
    expect(server.requests[0]).toMatchObject({ model: 'gpt-4o-mini', authorization: 'Bearer sk-live' });
  });

  it('lists configured models with their labels and limits, and picks one per app', async () => {
    const catalogue = createModelCatalogue({
      baseUrl: `${server.baseUrl}/`,
      apiKey: 'sk-live',
      defaultModel: 'small',
      models: [
        { id: 'small', label: 'Small and fast', provider: 'openai-compatible', contextWindow: 128_000, maxOutputTokens: 4_096 },
        { id: 'large', label: 'Large', provider: 'openai-compatible' },
      ],
    });
    expect(catalogue.models).toEqual([
      { id: 'small', label: 'Small and fast', offline: false, provider: 'openai-compatible', contextWindow: 128_000, maxOutputTokens: 4_096 },
      { id: 'large', label: 'Large', offline: false, provider: 'openai-compatible' },
    ]);
    expect(catalogue.get().id).toBe('small');
    expect(catalogue.get(null).id).toBe('small');
    server.enqueue({ text: 'big answer' });
    await collect(catalogue.get('large'), request());
    expect(server.requests[0]?.model).toBe('large');
    expect(() => catalogue.get('offline')).toThrow('no model called “offline”');
  });

  it('reports a wrong API key as auth_failed', async () => {
    const catalogue = createModelCatalogue({ baseUrl: server.baseUrl, apiKey: 'sk-old', defaultModel: 'gpt-4o-mini' });
    const result = await collect(catalogue.get(), request());
    expect(result.error?.code).toBe('auth_failed');
  });
});

describe('createModelCatalogue refuses a broken configuration', () => {
  it('a base URL without any model', () => {
    const error = configError({ baseUrl: 'http://127.0.0.1:11434/v1' });
    expect(error.code).toBe('invalid_config');
    expect(error.message).toContain('set AI_MODEL');
  });

  it('a base URL that is not http(s)', () => {
    expect(configError({ baseUrl: 'ftp://example.com/v1', defaultModel: 'm' }).message).toContain('AI_BASE_URL must be an http(s) URL');
    expect(configError({ baseUrl: 'not a url', defaultModel: 'm' }).code).toBe('invalid_config');
  });

  it('a default model missing from the list, and a model listed twice', () => {
    const error = configError({
      baseUrl: 'http://127.0.0.1:1/v1',
      defaultModel: 'c',
      models: [
        { id: 'a', label: 'A', provider: 'openai-compatible' },
        { id: 'a', label: 'A again', provider: 'openai-compatible' },
      ],
    });
    expect(error.issues).toEqual(['defaultModel: The default model c is not in the model list (a, a).', 'models: The model a is listed twice.']);
  });

  it('a provider other than openai-compatible', () => {
    const error = configError({
      baseUrl: 'http://127.0.0.1:1/v1',
      // @ts-expect-error: an unsupported provider, as a misconfigured server would send it
      models: [{ id: 'claude', label: 'Claude', provider: 'anthropic' }],
    });
    expect(error.message).toContain('The provider of a model is "openai-compatible".');
  });
});
