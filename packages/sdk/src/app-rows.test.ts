import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, DEFAULT_PRICE, appConfigRowSchema, appConfigSchema, appDetailRowSchema, appPriceSchema, appVersionRowSchema, specToWrite } from './app-rows';
import { AppforgeError } from './errors';
import { parseResponse } from './rows';

const row = {
  id: 'a',
  name: 'Essay Coach',
  description: null,
  icon_path: null,
  visibility: 'public',
  draft_version_id: null,
  deployed_version_id: null,
  updated_at: '2026-11-21T10:00:00Z',
  created_at: '2026-11-21T10:00:00Z',
  owner_id: 'o',
  design: null,
  price: null,
  api_access_enabled: false,
  database_id: null,
};

describe('app rows', () => {
  it('fills never-set design, config and price with the defaults', () => {
    const parsed = parseResponse(appDetailRowSchema, row, 'the app');
    expect(parsed.design).toEqual(DEFAULT_DESIGN);
    expect(parsed.price).toEqual(DEFAULT_PRICE);
    expect(parseResponse(appConfigRowSchema, { config: null }, 'the app').config.temperature).toBe(0.7);
  });

  it('reports a malformed JSON column as invalid_response', () => {
    const bad = { ...row, design: { theme_color: 'blue', font: 'comic', layout: 'wide', welcome_text: '' } };
    expect(() => parseResponse(appDetailRowSchema, bad, 'the app')).toThrow(
      expect.objectContaining({ code: 'invalid_response' }),
    );
  });

  it('a price is free exactly when it costs nothing', () => {
    expect(appPriceSchema.safeParse({ kind: 'free', amount_cents: 0, currency: 'USD' }).success).toBe(true);
    expect(appPriceSchema.safeParse({ kind: 'free', amount_cents: 100, currency: 'USD' }).success).toBe(false);
    expect(appPriceSchema.safeParse({ kind: 'monthly', amount_cents: 0, currency: 'EUR' }).success).toBe(false);
    expect(appPriceSchema.safeParse({ kind: 'monthly', amount_cents: 1.5, currency: 'EUR' }).success).toBe(false);
  });

  it('parses a version spec with the engine’s defaults and refuses a broken one', () => {
    const version = {
      id: 'v',
      app_id: 'a',
      number: 1,
      parent_version_id: null,
      source: 'manual',
      change_summary: null,
      frozen: false,
      created_at: 'now',
      updated_at: 'now',
      spec: { entryStepId: 'show', steps: [{ id: 'show', kind: 'output', title: 'Hi', config: { template: 'Hi' } }] },
    };
    expect(parseResponse(appVersionRowSchema, version, 'the version').spec.steps[0]?.next).toEqual({ type: 'step' });
    expect(() => parseResponse(appVersionRowSchema, { ...version, spec: { steps: 3 } }, 'the version')).toThrow(AppforgeError);
  });

  it('refuses to write a spec that is not an app, before sending', () => {
    expect(() => specToWrite({ steps: 'none' })).toThrow(expect.objectContaining({ code: 'invalid_input', status: 400 }));
  });
});

describe('the app config the SDK writes', () => {
  it('is part of the app config the SDK writes: a bad entry is refused before sending', () => {
    const base = { model: null, temperature: 0.7, max_output_tokens: 2000, system_prompt: '' };
    expect(appConfigSchema.parse({ ...base, outbound_allow_hosts: ['Api.Example.com'] }).outbound_allow_hosts).toEqual(['api.example.com']);
    expect(appConfigSchema.safeParse({ ...base, outbound_allow_hosts: ['10.0.0.1:80'] }).success).toBe(false);
    expect(appConfigSchema.parse(base).outbound_allow_hosts).toBeUndefined();
  });
});
