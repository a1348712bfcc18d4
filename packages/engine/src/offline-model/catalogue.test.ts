import { describe, expect, it } from 'vitest';

import { collect, last } from '../../test/helpers';
import { ManualClock } from '../../test/manual-clock';
import { resumeApp, runApp } from '../run/executor';
import type { RunState } from '../run/run-state';
import { parseAppSpec } from '../spec/app-spec';
import type { AppSpec } from '../spec/app-spec';
import { validateApp } from '../validate/validate-app';
import { APP_TEMPLATES } from './catalogue';
import { createOfflineModel } from './model';

function sampleInputs(spec: AppSpec): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const step of spec.steps) {
    if (step.kind !== 'input') continue;
    for (const field of step.config.fields) {
      if (field.type === 'number') inputs[field.name] = field.min ?? 3;
      else if (field.type === 'choice') inputs[field.name] = field.options[0];
      else if (field.type === 'yes_no') inputs[field.name] = true;
      else if (field.type === 'file') continue;
      else inputs[field.name] = `A sample answer for ${field.label} that is long enough to pass any minimum length rule.`;
    }
  }
  return inputs;
}

describe('the template catalogue', () => {
  it('has at least 8 useful templates with unique ids', () => {
    expect(APP_TEMPLATES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(APP_TEMPLATES.map((t) => t.id)).size).toBe(APP_TEMPLATES.length);
    expect(APP_TEMPLATES.some((t) => t.spec.steps.some((s) => s.next?.type === 'choices'))).toBe(true);
    expect(APP_TEMPLATES.some((t) => t.spec.steps.some((s) => s.next?.type === 'conditions'))).toBe(true);
  });

  it.each(APP_TEMPLATES.map((t) => [t.id, t] as const))('%s never writes "a" before a choice that may start with a vowel ("a Easy quiz", issue 27)', (_id, template) => {
    for (const step of template.spec.steps) {
      if (step.kind !== 'ai') continue;
      const prompt = String(step.config.prompt);
      for (const [, name] of prompt.matchAll(/\ba \{\{\s*(\w+)\s*\}\}/gi)) {
        const choices = template.spec.steps.flatMap((s) => (s.kind === 'input' ? s.config.fields : [])).find((f) => f.name === name);
        const options = choices?.type === 'choice' ? choices.options : ['(free text)'];
        expect(options.filter((option) => /^[aeiou]/i.test(option)), `"a {{${name}}}" in ${template.id}`).toEqual([]);
        // Free text could start with a vowel too.
        expect(choices?.type, `"a {{${name}}}" in ${template.id} is filled with free text`).toBe('choice');
      }
    }
  });

  it.each(APP_TEMPLATES.map((t) => [t.id, t] as const))('%s is a complete, valid app with no problem at all', (_id, template) => {
    const parsed = parseAppSpec(template.spec);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(validateApp(parsed.value)).toEqual([]);
    const kinds = new Set(parsed.value.steps.map((s) => s.kind));
    expect([...kinds].sort()).toEqual(['ai', 'input', 'output']);
  });

  it.each(APP_TEMPLATES.map((t) => [t.id, t] as const))('%s runs to the end with the offline model, labelled', async (_id, template) => {
    const parsed = parseAppSpec(template.spec);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const spec = parsed.value;
    const model = createOfflineModel();
    const clock = new ManualClock();
    let saved: RunState | undefined;
    const options = { model, clock, inputs: sampleInputs(spec), persist: (s: RunState) => void (saved = s) };
    let events = await collect(runApp(spec, options));
    // Press the button that ends the app whenever a choice is offered.
    for (let guard = 0; last(events).type === 'choice_needed' && guard < 5; guard++) {
      const choice = last(events);
      if (choice.type !== 'choice_needed') break;
      const step = spec.steps.find((s) => s.id === choice.stepId);
      const endIndex = step?.next.type === 'choices' ? step.next.buttons.findIndex((b) => b.goto === 'end') : -1;
      events = await collect(resumeApp(spec, saved, { ...options, choice: endIndex }));
    }
    const done = last(events);
    expect(done.type).toBe('run_done');
    if (done.type !== 'run_done') return;
    expect(done.outputs.length).toBeGreaterThan(0);
    expect(done.outputs.map((o) => o.markdown).join('\n')).toMatch(/Offline model/);
  });
});
