import { appSpecSchema } from '../spec/app-spec';
import type { AppSpec, AppSpecInput } from '../spec/app-spec';
import { describe, expect, it } from 'vitest';
import { diffSpecs, isSameSpec, summariseDiff } from './spec-diff';

function spec(input: AppSpecInput): AppSpec {
  return appSpecSchema.parse(input);
}

const base = spec({
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'About you', config: { fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }] } },
    { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Write about {{topic}}.', outputVariable: 'text' } },
    { id: 'show', kind: 'output', title: 'Result', config: { template: '{{text}}' } },
  ],
});

function withSteps(steps: AppSpecInput['steps'], entryStepId = 'ask'): AppSpec {
  return spec({ entryStepId, steps });
}

describe('diffSpecs', () => {
  it('says "no changes" for identical versions, including a structural copy', () => {
    const diff = diffSpecs(base, structuredClone(base));
    expect(isSameSpec(diff)).toBe(true);
    expect(diff.steps).toEqual([]);
    expect(diff.unchanged).toBe(3);
    expect(summariseDiff(diff)).toBe('No changes: both versions have the same steps.');
  });

  it('ignores the order of keys inside a step (only the text matters)', () => {
    const reordered = withSteps([
      { kind: 'input', config: { fields: [{ type: 'text', required: true, label: 'Topic', name: 'topic' }] }, title: 'About you', id: 'ask' },
      { config: { outputVariable: 'text', prompt: 'Write about {{topic}}.' }, title: 'Write', kind: 'ai', id: 'write' },
      { title: 'Result', id: 'show', kind: 'output', config: { template: '{{text}}' } },
    ]);
    expect(isSameSpec(diffSpecs(base, reordered))).toBe(true);
  });

  it('reports a changed prompt with its before and after text, and nothing else', () => {
    const after = structuredClone(base);
    const write = after.steps[1];
    if (write?.kind !== 'ai') throw new Error('fixture');
    write.config.prompt = 'Write formally about {{topic}}.';
    const diff = diffSpecs(base, after);
    expect(diff.steps).toEqual([
      expect.objectContaining({
        type: 'changed',
        stepId: 'write',
        position: 2,
        fields: [{ key: 'prompt', label: 'Prompt', before: 'Write about {{topic}}.', after: 'Write formally about {{topic}}.' }],
      }),
    ]);
    expect(diff.unchanged).toBe(2);
    expect(summariseDiff(diff)).toBe('1 step changed.');
  });

  it('lists added and removed steps where they are / were', () => {
    const after = withSteps([
      base.steps[0] as AppSpecInput['steps'][number],
      { id: 'check', kind: 'ai', title: 'Check facts', config: { prompt: 'Check {{topic}}.', outputVariable: 'facts' } },
      base.steps[1] as AppSpecInput['steps'][number],
    ]);
    const diff = diffSpecs(base, after);
    expect(diff.steps.map((change) => [change.type, change.stepId, change.position])).toEqual([
      ['added', 'check', 2],
      ['removed', 'show', 3],
    ]);
    expect(summariseDiff(diff)).toBe('1 step added, 1 step removed.');
  });

  it('a step inserted at the top does not make every later step "moved"', () => {
    const after = withSteps([
      { id: 'hello', kind: 'output', title: 'Welcome', config: { template: 'Hi!' } },
      ...(base.steps as AppSpecInput['steps']),
    ]);
    const diff = diffSpecs(base, after);
    expect(diff.steps.map((change) => change.type)).toEqual(['added']);
    expect(diff.unchanged).toBe(3);
  });

  it('reordered steps: the moved step shows its old and new position, the others are unchanged', () => {
    const [ask, write, show] = base.steps as AppSpecInput['steps'];
    if (!ask || !write || !show) throw new Error('fixture');
    const after = withSteps([ask, show, write]);
    const diff = diffSpecs(base, after);
    expect(diff.steps).toHaveLength(1);
    const moved = diff.steps[0];
    expect(moved?.type).toBe('changed');
    if (moved?.type !== 'changed') return;
    expect(moved.fields[0]).toEqual({ key: 'position', label: 'Position', before: expect.any(String), after: expect.any(String) });
    expect(moved.fields[0]?.before).not.toBe(moved.fields[0]?.after);
    expect(diff.unchanged).toBe(2);
  });

  it('a renamed step id is one changed step (with the id before and after), not removed + added', () => {
    const after = withSteps(
      [
        { ...(base.steps[0] as AppSpecInput['steps'][number]), id: 'questions' },
        { ...(base.steps[1] as AppSpecInput['steps'][number]) },
        { ...(base.steps[2] as AppSpecInput['steps'][number]) },
      ],
      'questions',
    );
    const diff = diffSpecs(base, after);
    expect(diff.steps).toEqual([
      expect.objectContaining({
        type: 'changed',
        stepId: 'questions',
        previousStepId: 'ask',
        fields: [{ key: 'id', label: 'Step id', before: 'ask', after: 'questions' }],
      }),
    ]);
    // The first step is the same step under its new id: no app-level change.
    expect(diff.app).toEqual([]);
  });

  it('references to a renamed step are read through the renaming (no spurious "next step" change)', () => {
    const before = withSteps([
      { id: 'ask', kind: 'input', title: 'About you', config: { fields: [] }, next: { type: 'step', stepId: 'show' } },
      { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Hi', outputVariable: 'text' } },
      { id: 'show', kind: 'output', title: 'Result', config: { template: 'Done' } },
    ]);
    const after = withSteps([
      { id: 'ask', kind: 'input', title: 'About you', config: { fields: [] }, next: { type: 'step', stepId: 'final' } },
      { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Hi', outputVariable: 'text' } },
      { id: 'final', kind: 'output', title: 'Result', config: { template: 'Done' } },
    ]);
    const diff = diffSpecs(before, after);
    expect(diff.steps.map((change) => change.stepId)).toEqual(['final']);
    expect(diff.unchanged).toBe(2);
  });

  it('does not pair unrelated steps of different kinds as a renaming', () => {
    const after = withSteps([
      base.steps[0] as AppSpecInput['steps'][number],
      base.steps[1] as AppSpecInput['steps'][number],
      { id: 'api', kind: 'api', title: 'Result', config: { apiId: 'a', endpointId: 'e', outputVariable: 'text' } },
    ]);
    const diff = diffSpecs(base, after);
    // The removed step is listed where it was (after "Write"), before the step that replaced it.
    expect(diff.steps.map((change) => [change.type, change.stepId])).toEqual([
      ['removed', 'show'],
      ['added', 'api'],
    ]);
  });

  it('names the input field that was added, changed or removed, by its label', () => {
    const after = withSteps([
      {
        id: 'ask',
        kind: 'input',
        title: 'About you',
        config: {
          fields: [
            { name: 'topic', label: 'Subject', type: 'text', required: true },
            { name: 'age', label: 'Age', type: 'number' },
          ],
        },
      },
      base.steps[1] as AppSpecInput['steps'][number],
      base.steps[2] as AppSpecInput['steps'][number],
    ]);
    const diff = diffSpecs(base, after);
    const changed = diff.steps[0];
    if (changed?.type !== 'changed') throw new Error('expected a change');
    expect(changed.fields).toEqual([
      { key: 'fields.topic', label: 'Field “Subject” (topic)', before: 'Topic (text, required)', after: 'Subject (text, required)' },
      { key: 'fields.age', label: 'Field “Age” (age)', before: null, after: 'Age (number)' },
    ]);
  });

  it('describes a new choice in words, with the target step titles', () => {
    const after = structuredClone(base);
    const write = after.steps[1];
    if (!write) throw new Error('fixture');
    write.next = { type: 'choices', prompt: 'What now?', buttons: [{ label: 'Show it', goto: 'show' }, { label: 'Stop', goto: 'end' }] };
    const diff = diffSpecs(base, after);
    const change = diff.steps[0];
    if (change?.type !== 'changed') throw new Error('expected a change');
    expect(change.fields).toEqual([
      { key: 'next', label: 'Next step', before: 'The following step', after: 'Ask: What now?\nButton “Show it” → step “Result”\nButton “Stop” → the end' },
    ]);
  });

  it('reports app-wide changes: the first step and fixed variables', () => {
    const after = spec({ ...base, entryStepId: 'write', variables: [{ name: 'school', value: 'Hill High' }] });
    const diff = diffSpecs(base, after);
    expect(diff.app).toEqual([
      { key: 'entry', label: 'First step', before: 'step “About you”', after: 'step “Write”' },
      { key: 'variables.school', label: 'Fixed variable school', before: null, after: 'Hill High' },
    ]);
    expect(isSameSpec(diff)).toBe(false);
  });

  it('handles empty versions on either side', () => {
    const empty = spec({ entryStepId: 'ask', steps: [] });
    expect(diffSpecs(empty, base).steps.map((change) => change.type)).toEqual(['added', 'added', 'added']);
    expect(diffSpecs(base, empty).steps.map((change) => [change.type, change.position])).toEqual([
      ['removed', 1],
      ['removed', 2],
      ['removed', 3],
    ]);
  });
});
