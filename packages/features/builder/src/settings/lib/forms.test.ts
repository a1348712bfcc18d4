import { describe, expect, it } from 'vitest';
import { checkConfig, checkDesign, checkDetails, checkPrice } from './forms';

describe('settings forms', () => {
  it('refuses an empty or too long name and stores an empty description as none', () => {
    expect(checkDetails({ name: '   ', description: '', visibility: 'public', anonymousRuns: '50' })).toEqual({ ok: false, errors: { name: 'Give the app a name.' } });
    expect(checkDetails({ name: 'x'.repeat(121), description: '', visibility: 'public', anonymousRuns: '50' }).ok).toBe(false);
    expect(checkDetails({ name: ' Recipes ', description: '  ', visibility: 'unlisted', anonymousRuns: ' 7 ' })).toEqual({
      ok: true,
      value: { name: 'Recipes', description: null, visibility: 'unlisted', anonymous_runs_per_day: 7 },
    });
  });

  it('turns a price into the SDK shape and refuses a paid price of nothing', () => {
    expect(checkPrice({ kind: 'monthly', amount: '4.99', currency: 'EUR' })).toEqual({ ok: true, value: { kind: 'monthly', amount_cents: 499, currency: 'EUR' } });
    expect(checkPrice({ kind: 'free', amount: 'nonsense', currency: 'USD' })).toEqual({ ok: true, value: { kind: 'free', amount_cents: 0, currency: 'USD' } });
    expect(checkPrice({ kind: 'one_time', amount: '0', currency: 'USD' }).ok).toBe(false);
    expect(checkPrice({ kind: 'one_time', amount: '', currency: 'USD' }).ok).toBe(false);
    expect(checkPrice({ kind: 'one_time', amount: '100001', currency: 'USD' }).ok).toBe(false);
    expect(checkPrice({ kind: 'one_time', amount: '9.5', currency: 'JPY' })).toEqual({
      ok: false,
      errors: { amount: 'Enter a whole number of JPY, without decimals.' },
    });
  });

  it('checks a design colour and the welcome text length', () => {
    const design = { theme_color: '#ABCDEF', font: 'serif', layout: 'wide', welcome_text: 'Hi' } as const;
    expect(checkDesign(design)).toEqual({ ok: true, value: { ...design, theme_color: '#abcdef' } });
    expect(checkDesign({ ...design, theme_color: 'red' }).ok).toBe(false);
    expect(checkDesign({ ...design, welcome_text: 'x'.repeat(501) }).ok).toBe(false);
  });

  it('needs a model id of 1–100 characters only when a specific model is chosen', () => {
    const base = { modelMode: 'default', modelId: '', temperature: 0.7, maxOutputTokens: '2000', systemPrompt: '', allowHosts: '' } as const;
    expect(checkConfig(base)).toEqual({ ok: true, value: { model: null, temperature: 0.7, max_output_tokens: 2000, system_prompt: '' } });
    expect(checkConfig({ ...base, modelMode: 'custom', modelId: '  ' })).toEqual({ ok: false, errors: { modelId: 'Enter the model id, for example gpt-4o-mini.' } });
    expect(checkConfig({ ...base, modelMode: 'custom', modelId: 'm'.repeat(101) }).ok).toBe(false);
    expect(checkConfig({ ...base, modelMode: 'custom', modelId: ' gpt-4o-mini ' })).toMatchObject({ ok: true, value: { model: 'gpt-4o-mini' } });
    expect(checkConfig({ ...base, maxOutputTokens: '0' }).ok).toBe(false);
    expect(checkConfig({ ...base, maxOutputTokens: '32001' }).ok).toBe(false);
    expect(checkConfig({ ...base, maxOutputTokens: '1.5' }).ok).toBe(false);
    expect(checkConfig({ ...base, temperature: 2.5 }).ok).toBe(false);
  });
});
