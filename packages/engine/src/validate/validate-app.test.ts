import { describe, expect, it } from 'vitest';

import { linearInput, spec } from '../../test/fixtures';
import type { AppSpecInput } from '../spec/app-spec';
import { checkAppSpec, hasErrors, validateApp } from './validate-app';

const codes = (input: AppSpecInput): string[] => validateApp(spec(input)).map((p) => p.code);

describe('validateApp', () => {
  it('finds nothing wrong with a clean linear app', () => {
    expect(validateApp(spec(linearInput))).toEqual([]);
  });

  it('reports an app without steps', () => {
    const problems = validateApp(spec({ entryStepId: 'a', steps: [] }));
    expect(problems).toEqual([expect.objectContaining({ code: 'no_steps', field: 'steps' })]);
  });

  it('reports a missing entry step', () => {
    const problems = validateApp(spec({ ...linearInput, entryStepId: 'nope' }));
    expect(problems.map((p) => p.code)).toContain('entry_missing');
    expect(problems.find((p) => p.code === 'entry_missing')?.message).toContain('“nope”');
  });

  it('explains an unknown variable in the creator’s words', () => {
    const input = structuredClone(linearInput);
    const ai = input.steps[1];
    if (ai?.kind === 'ai') ai.config.prompt = 'Write about {{subject}}.';
    const problems = validateApp(spec(input));
    expect(problems).toEqual([
      {
        stepId: 'summarise',
        field: 'config.prompt',
        code: 'unknown_variable',
        severity: 'error',
        message: 'Step “Summarise” uses {{subject}}, but no earlier step asks for subject. Add a field named subject to an input step, or fix the spelling.',
      },
    ]);
  });

  it('does not accept prototype names such as {{constructor}} as variables', () => {
    const input = structuredClone(linearInput);
    const ai = input.steps[1];
    if (ai?.kind === 'ai') ai.config.prompt = '{{topic}} {{constructor}} {{toString}}';
    const problems = validateApp(spec(input));
    expect(problems.map((p) => [p.code, p.message.split(',')[0]])).toEqual([
      ['unknown_variable', 'Step “Summarise” uses {{constructor}}'],
      ['unknown_variable', 'Step “Summarise” uses {{toString}}'],
    ]);
  });

  it('reports a variable that is set later, not before the step that needs it', () => {
    const problems = validateApp(
      spec({
        entryStepId: 'show',
        steps: [
          { id: 'show', kind: 'output', title: 'Show', config: { template: '{{topic}}' }, next: { type: 'step', stepId: 'ask' } },
          { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'topic', label: 'Topic' }] }, next: { type: 'end' } },
        ],
      }),
    );
    expect(problems).toEqual([expect.objectContaining({ code: 'unknown_variable', stepId: 'show' })]);
    expect(problems[0]?.message).toContain('comes from step “Ask”, which does not always run before this step');
  });

  it('reports a variable that is set on only one branch before a join', () => {
    const problems = validateApp(
      spec({
        entryStepId: 'ask',
        steps: [
          {
            id: 'ask',
            kind: 'input',
            title: 'Ask',
            config: { fields: [{ type: 'yes_no', name: 'more', label: 'More?' }] },
            next: { type: 'conditions', conditions: [{ when: { variable: 'more', op: 'eq', value: true }, goto: 'extra' }], otherwise: 'show' },
          },
          { id: 'extra', kind: 'input', title: 'Extra', config: { fields: [{ type: 'text', name: 'detail', label: 'Detail' }] } },
          { id: 'show', kind: 'output', title: 'Show', config: { template: '{{more}} {{detail}}' } },
        ],
      }),
    );
    expect(problems.map((p) => [p.code, p.stepId, p.field])).toEqual([['unknown_variable', 'show', 'config.template']]);
    expect(problems[0]?.message).toContain('{{detail}}');
  });

  it('accepts a variable set on every branch before a join', () => {
    const problems = validateApp(
      spec({
        entryStepId: 'ask',
        steps: [
          {
            id: 'ask',
            kind: 'input',
            title: 'Ask',
            config: { fields: [{ type: 'choice', name: 'mode', label: 'Mode', options: ['a', 'b'] }] },
            next: { type: 'choices', buttons: [{ label: 'A', goto: 'a' }, { label: 'B', goto: 'b' }] },
          },
          { id: 'a', kind: 'ai', title: 'A', config: { prompt: 'a {{mode}}', outputVariable: 'out_a' }, next: { type: 'step', stepId: 'b-done' } },
          { id: 'b', kind: 'ai', title: 'B', config: { prompt: 'b {{mode}}', outputVariable: 'out_b' } },
          { id: 'b-done', kind: 'output', title: 'Done', config: { template: '{{mode}}' }, next: { type: 'end' } },
        ],
      }),
    );
    expect(problems).toEqual([]);
  });

  it('reports an unreachable step', () => {
    const input = structuredClone(linearInput);
    input.steps.push({ id: 'orphan', kind: 'output', title: 'Orphan', config: { template: 'hi' } });
    const last = input.steps[2];
    if (last) last.next = { type: 'end' };
    const problems = validateApp(spec(input));
    expect(problems).toEqual([expect.objectContaining({ code: 'unreachable_step', stepId: 'orphan' })]);
    expect(problems[0]?.message).toBe("Step “Orphan” can never be reached: no step leads to it. Point a step's “next” at it, or delete it.");
  });

  it('reports a dangling next with the exact field', () => {
    const problems = validateApp(
      spec({
        entryStepId: 'a',
        steps: [
          {
            id: 'a',
            kind: 'input',
            title: 'A',
            config: { fields: [{ type: 'number', name: 'n', label: 'N' }] },
            next: { type: 'conditions', conditions: [{ when: { variable: 'n', op: 'gt', value: 3 }, goto: 'ghost' }], otherwise: 'end' },
          },
        ],
      }),
    );
    expect(problems).toEqual([expect.objectContaining({ code: 'dangling_next', stepId: 'a', field: 'next.conditions[0].goto' })]);
    expect(problems[0]?.message).toContain('goes to “ghost”, but there is no step with that id');
  });

  it('reports a cycle that can never reach the end', () => {
    const problems = validateApp(
      spec({
        entryStepId: 'a',
        steps: [
          { id: 'a', kind: 'output', title: 'A', config: { template: 'a' } },
          { id: 'b', kind: 'output', title: 'B', config: { template: 'b' }, next: { type: 'step', stepId: 'a' } },
        ],
      }),
    );
    expect(problems).toEqual([expect.objectContaining({ code: 'cycle_without_exit', stepId: 'a' })]);
    expect(problems[0]?.message).toContain('Steps “A” → “B” go round in a loop');
  });

  it('reports a step that loops to itself forever', () => {
    const problems = validateApp(
      spec({ entryStepId: 'a', steps: [{ id: 'a', kind: 'output', title: 'A', config: { template: 'a' }, next: { type: 'step', stepId: 'a' } }] }),
    );
    expect(problems.map((p) => p.code)).toEqual(['cycle_without_exit']);
  });

  it('accepts a cycle that a choice or a condition can leave', () => {
    const viaChoice = codes({
      entryStepId: 'a',
      steps: [
        { id: 'a', kind: 'output', title: 'A', config: { template: 'a' } },
        { id: 'b', kind: 'output', title: 'B', config: { template: 'b' }, next: { type: 'choices', buttons: [{ label: 'Again', goto: 'a' }, { label: 'Stop', goto: 'end' }] } },
      ],
    });
    expect(viaChoice).toEqual([]);
    const viaCondition = codes({
      entryStepId: 'ask',
      steps: [
        {
          id: 'ask',
          kind: 'input',
          title: 'Ask',
          config: { fields: [{ type: 'text', name: 'word', label: 'Word' }] },
          next: { type: 'conditions', conditions: [{ when: { variable: 'word', op: 'eq', value: 'stop' }, goto: 'end' }], otherwise: 'ask' },
        },
      ],
    });
    expect(viaCondition).toEqual([]);
  });

  it('reports empty prompts, empty output templates and choices without buttons', () => {
    const problems = validateApp(
      spec({
        entryStepId: 'ai',
        steps: [
          { id: 'ai', kind: 'ai', title: 'Think', config: { prompt: '   ', outputVariable: 'x' } },
          { id: 'out', kind: 'output', title: 'Show', config: { template: '' }, next: { type: 'choices', buttons: [] } },
        ],
      }),
    );
    expect(problems.map((p) => [p.code, p.stepId, p.field])).toEqual([
      ['empty_prompt', 'ai', 'config.prompt'],
      ['empty_template', 'out', 'config.template'],
      ['choices_without_buttons', 'out', 'next.buttons'],
    ]);
  });

  it('reports duplicate step ids and duplicate variable names', () => {
    const problems = validateApp(
      spec({
        entryStepId: 'a',
        variables: [{ name: 'school', value: 'Hill' }],
        steps: [
          { id: 'a', kind: 'input', title: 'First', config: { fields: [{ type: 'text', name: 'topic', label: 'T' }, { type: 'text', name: 'school', label: 'S' }] } },
          { id: 'a', kind: 'ai', title: 'Second', config: { prompt: '{{topic}}', outputVariable: 'topic' }, next: { type: 'end' } },
        ],
      }),
    );
    const found = problems.map((p) => [p.code, p.field]);
    expect(found).toContainEqual(['duplicate_step_id', 'id']);
    expect(found).toContainEqual(['duplicate_variable', 'config.fields[1].name']);
    expect(found).toContainEqual(['duplicate_variable', 'config.outputVariable']);
    expect(problems.find((p) => p.field === 'config.fields[1].name')?.message).toContain('a fixed variable of the app already does');
  });

  it('reports EVERY problem at once', () => {
    const problems = validateApp(
      spec({
        entryStepId: 'start',
        steps: [
          { id: 'start', kind: 'input', title: 'Start', config: { fields: [] }, next: { type: 'step', stepId: 'missing' } },
          { id: 'think', kind: 'ai', title: 'Think', config: { prompt: '', outputVariable: 'idea' } },
          { id: 'show', kind: 'output', title: 'Show', config: { template: '{{nothing}}' }, next: { type: 'choices', buttons: [] } },
        ],
      }),
    );
    expect(new Set(problems.map((p) => p.code))).toEqual(
      new Set(['no_fields', 'dangling_next', 'unreachable_step', 'empty_prompt', 'unknown_variable', 'choices_without_buttons']),
    );
    expect(problems.filter((p) => p.code === 'unreachable_step').map((p) => p.stepId)).toEqual(['think', 'show']);
  });

  it('checks JSON output fields used in templates', () => {
    const problems = validateApp(
      spec({
        entryStepId: 'make',
        steps: [
          { id: 'make', kind: 'ai', title: 'Make', config: { prompt: 'go', outputVariable: 'quiz', outputFormat: 'json', jsonFields: [{ name: 'title', type: 'string' }] } },
          { id: 'show', kind: 'output', title: 'Show', config: { template: '{{quiz.title}} {{quiz.answers}}' } },
        ],
      }),
    );
    expect(problems).toEqual([expect.objectContaining({ code: 'unknown_field', stepId: 'show' })]);
    expect(problems[0]?.message).toContain('has no field “answers” (it has: title)');
  });

  it('checks condition variables after the step has set its own outputs', () => {
    const problems = validateApp(
      spec({
        entryStepId: 'ask',
        steps: [
          {
            id: 'ask',
            kind: 'input',
            title: 'Ask',
            config: { fields: [{ type: 'number', name: 'age', label: 'Age' }] },
            next: {
              type: 'conditions',
              conditions: [
                { when: { variable: 'age', op: 'gte', value: 18 }, goto: 'end' },
                { when: { variable: 'mood', op: 'eq', value: 'sad' }, goto: 'end' },
                { when: { variable: 'age', op: 'lt', value: 'ten' }, goto: 'end' },
                { when: { variable: 'age', op: 'eq' }, goto: 'end' },
              ],
              otherwise: 'end',
            },
          },
        ],
      }),
    );
    expect(problems.map((p) => [p.code, p.field])).toEqual([
      ['unknown_variable', 'next.conditions[1].when.variable'],
      ['condition_value_not_number', 'next.conditions[2].when.value'],
      ['condition_without_value', 'next.conditions[3].when.value'],
    ]);
    expect(problems[0]?.message).toContain('Step “Ask” checks {{mood}}');
  });

  it('reports field-level mistakes: no options, bad ranges, JSON without fields; warns on malformed references', () => {
    const problems = validateApp(
      spec({
        entryStepId: 'ask',
        steps: [
          {
            id: 'ask',
            kind: 'input',
            title: 'Ask',
            config: {
              fields: [
                { type: 'choice', name: 'level', label: 'Level', options: [] },
                { type: 'number', name: 'n', label: 'N', min: 10, max: 1 },
              ],
            },
          },
          { id: 'ai', kind: 'ai', title: 'AI', config: { prompt: 'Use {{ the level }} now', outputVariable: 'out', outputFormat: 'json' } },
        ],
      }),
    );
    expect(problems.map((p) => [p.code, p.severity])).toEqual([
      ['choice_without_options', 'error'],
      ['invalid_range', 'error'],
      ['malformed_reference', 'warning'],
      ['json_without_fields', 'error'],
    ]);
  });
});

describe('checkAppSpec', () => {
  it('returns the spec only when it parses and has no errors', () => {
    expect(checkAppSpec(JSON.stringify(linearInput)).spec).not.toBeNull();
    const broken = checkAppSpec({ entryStepId: 'x', steps: 'nope' });
    expect(broken.spec).toBeNull();
    expect(broken.problems[0]?.code).toBe('invalid_spec');
    expect(hasErrors(broken.problems)).toBe(true);
  });
});
