import { describe, expect, it } from 'vitest';
import { edgeModels } from './edge-models.ts';
import { createEdgeHandler } from './edge.ts';
import type { SupabaseClient } from '@supabase/supabase-js';

const env = { accessPolicy: 'open' as const, accessAllowList: [], intercomSecret: undefined, runRateLimitPerMinute: 30 };
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('edgeModels', () => {
  it('serves only the offline model when no endpoint is set', () => {
    const models = edgeModels(() => undefined);
    expect(models.offline).toBe(true);
    expect(models.get().label).toBe('offline model');
  });

  it('reads AI_BASE_URL, AI_API_KEY and AI_MODEL from the secrets', () => {
    const secrets: Record<string, string> = { AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_API_KEY: 'k', AI_MODEL: ' llama3 ' };
    const models = edgeModels((name) => secrets[name]);
    expect(models.offline).toBe(false);
    expect(models.defaultModelId).toBe('llama3');
  });

  it('refuses an endpoint without a model', () => {
    expect(() => edgeModels((name) => (name === 'AI_BASE_URL' ? 'http://127.0.0.1:9/v1' : undefined))).toThrow(/AI_MODEL/);
  });

  it('gives a function deployed without models a clear failure instead of a model', async () => {
    const handler = createEdgeHandler((_req, ctx) => Promise.resolve(Response.json({ label: ctx.models.get().label })), {
      supabase: {} as SupabaseClient,
      env,
      log: quiet,
    });
    const response = await handler(new Request('https://x.supabase.co/run-app', { method: 'POST' }));
    expect(response.status).toBe(500);
    const withModels = createEdgeHandler((_req, ctx) => Promise.resolve(Response.json({ label: ctx.models.get().label })), {
      supabase: {} as SupabaseClient,
      env,
      models: edgeModels(() => undefined),
      log: quiet,
    });
    expect(await (await withModels(new Request('https://x.supabase.co/run-app', { method: 'POST' }))).json()).toEqual({ label: 'offline model' });
  });
});
