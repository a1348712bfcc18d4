// The AI settings the functions host reads from the environment.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/env.js';

/** The names of the variables loadConfig refuses in `source`. */
function problems(source: Record<string, string>): string[] {
  try {
    loadConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => problem.name).sort();
    throw error;
  }
  return [];
}

describe('AI configuration', () => {
  it('defaults to the offline model and 30 runs per visitor per minute', () => {
    const config = loadConfig({});
    expect(config.ai).toEqual({ baseUrl: undefined, apiKey: undefined, model: undefined, offlineChunkDelayMs: 15 });
    expect(config.runRateLimitPerMinute).toBe(30);
  });

  it('reads an OpenAI-compatible endpoint and the run limit', () => {
    const config = loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_API_KEY: ' key ', AI_MODEL: 'llama3', RUN_RATE_LIMIT_PER_MINUTE: '5', OFFLINE_MODEL_CHUNK_DELAY_MS: '0' });
    expect(config.ai).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: 'key', model: 'llama3', offlineChunkDelayMs: 0 });
    expect(config.runRateLimitPerMinute).toBe(5);
  });

  it('names each bad AI setting', () => {
    expect(problems({ AI_BASE_URL: 'not a url' })).toEqual(['AI_BASE_URL']);
    expect(problems({ AI_BASE_URL: 'https://api.openai.com/v1' })).toEqual(['AI_MODEL']);
    expect(problems({ RUN_RATE_LIMIT_PER_MINUTE: '0' })).toEqual(['RUN_RATE_LIMIT_PER_MINUTE']);
    expect(problems({ OFFLINE_MODEL_CHUNK_DELAY_MS: '-1' })).toEqual(['OFFLINE_MODEL_CHUNK_DELAY_MS']);
    expect(problems({ OFFLINE_MODEL_CHUNK_DELAY_MS: '5000' })).toEqual(['OFFLINE_MODEL_CHUNK_DELAY_MS']);
  });
});

// The content checker's moderation endpoint (issue 19).
describe('moderation configuration', () => {
  it('is off without MODERATION_URL: class runs are checked by the local lists only', () => {
    expect(loadConfig({}).moderation).toBeUndefined();
    expect(loadConfig({ MODERATION_API_KEY: 'sk-x', MODERATION_MODEL: 'omni-moderation-latest' }).moderation).toBeUndefined();
  });

  it('reads the endpoint, key, model and timeout', () => {
    const config = loadConfig({
      MODERATION_URL: 'https://api.openai.com/v1',
      MODERATION_API_KEY: ' sk-x ',
      MODERATION_MODEL: 'omni-moderation-latest',
      MODERATION_TIMEOUT_MS: '800',
    });
    expect(config.moderation).toEqual({ url: 'https://api.openai.com/v1', apiKey: 'sk-x', model: 'omni-moderation-latest', timeoutMs: 800 });
    expect(loadConfig({ MODERATION_URL: 'http://127.0.0.1:4000/v1' }).moderation).toEqual({ url: 'http://127.0.0.1:4000/v1', timeoutMs: 1500 });
  });

  it('names each bad moderation setting', () => {
    expect(problems({ MODERATION_URL: 'not a url' })).toEqual(['MODERATION_URL']);
    expect(problems({ MODERATION_URL: 'https://api.openai.com/v1', MODERATION_TIMEOUT_MS: '10' })).toEqual(['MODERATION_TIMEOUT_MS']);
    expect(problems({ MODERATION_TIMEOUT_MS: 'soon' })).toEqual(['MODERATION_TIMEOUT_MS']);
  });
});
