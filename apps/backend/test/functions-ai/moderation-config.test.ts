// The content checker's moderation endpoint as the backend reads it from the environment (issue 19).
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/env.js';

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
    const problems = (source: Record<string, string>): string[] => {
      try {
        loadConfig(source);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems.map((problem) => problem.name).sort();
        throw error;
      }
      return [];
    };
    expect(problems({ MODERATION_URL: 'not a url' })).toEqual(['MODERATION_URL']);
    expect(problems({ MODERATION_URL: 'https://api.openai.com/v1', MODERATION_TIMEOUT_MS: '10' })).toEqual(['MODERATION_TIMEOUT_MS']);
    expect(problems({ MODERATION_TIMEOUT_MS: 'soon' })).toEqual(['MODERATION_TIMEOUT_MS']);
  });
});
