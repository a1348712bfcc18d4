import { describe, expect, it } from 'vitest';

import { linearInput } from '../../test/fixtures';
import { parseAppSpec } from './app-spec';

describe('parseAppSpec', () => {
  it('accepts a well-formed spec and applies defaults', () => {
    const result = parseAppSpec(linearInput);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const ai = result.value.steps[1];
    expect(ai?.next).toEqual({ type: 'step' });
    expect(ai?.kind === 'ai' && ai.config.settings).toEqual({ temperature: 0.7, maxOutputTokens: 1024 });
  });

  it('reads model output wrapped in a ```json fence with prose around it', () => {
    const text = `Here is your app:\n\`\`\`json\n${JSON.stringify(linearInput)}\n\`\`\`\nEnjoy!`;
    expect(parseAppSpec(text).ok).toBe(true);
  });

  it('reports invalid JSON text in words', () => {
    const result = parseAppSpec('{"steps": [');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_json');
    expect(result.error.message).toMatch(/not valid JSON/);
  });

  it('lists every shape problem with its step and field', () => {
    const result = parseAppSpec({
      entryStepId: 'End',
      steps: [
        { id: 'a', kind: 'input', title: 'A', config: { fields: [{ type: 'text', name: 'Bad Name', label: 'x' }] } },
        { id: 'b', kind: 'ai', title: 'B', config: { prompt: 'x'.repeat(20_001), outputVariable: 'out', settings: { temperature: 3 } } },
        { id: 'c', kind: 'teleport', title: 'C', config: {} },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const fields = result.error.issues.map((i) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining(['entryStepId', 'steps[0].config.fields[0].name', 'steps[1].config.prompt', 'steps[1].config.settings.temperature', 'steps[2].kind']),
    );
    const prompt = result.error.issues.find((i) => i.field === 'steps[1].config.prompt');
    expect(prompt?.message).toBe('Step 2 (b), config.prompt: A prompt has at most 20000 characters.');
    expect(result.error.issues.find((i) => i.field === 'steps[1].config.settings.temperature')?.message).toContain('Temperature goes from 0 to 2.');
  });

  it('refuses more than 50 steps and “end” as a step id', () => {
    const steps = Array.from({ length: 51 }, (_, i) => ({ id: `s${i}`, kind: 'output' as const, title: `S${i}`, config: { template: 'x' } }));
    const tooMany = parseAppSpec({ entryStepId: 's0', steps });
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) expect(tooMany.error.message).toContain('at most 50 steps');
    const reserved = parseAppSpec({ entryStepId: 'end', steps: [{ id: 'end', kind: 'output', title: 'E', config: { template: 'x' } }] });
    expect(reserved.ok).toBe(false);
    if (!reserved.ok) expect(reserved.error.message).toContain('reserved');
  });

  it('is not fooled by a __proto__ key in model output', () => {
    const text = '{"__proto__": {"polluted": true}, "entryStepId": "a", "steps": [{"id": "a", "kind": "output", "title": "A", "config": {"template": "x"}}]}';
    const result = parseAppSpec(text);
    expect(result.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    if (result.ok) expect((result.value as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });
});
