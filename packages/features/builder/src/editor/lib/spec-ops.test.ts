import { validateApp } from '@appforge/engine';
import type { AppSpec, Step } from '@appforge/engine';
import { describe, expect, it } from 'vitest';
import {
  createStep,
  dependantsOf,
  describeNext,
  insertStep,
  moveStep,
  removeStep,
  removeStepAt,
  setNext,
  uniqueStepId,
  uniqueVariableName,
  updateStep,
  variablesForStep,
} from './spec-ops';

const input = (id: string, name: string, next: Step['next'] = { type: 'step' }): Step => ({
  id,
  kind: 'input',
  title: `Ask ${name}`,
  next,
  config: { fields: [{ type: 'text', name, label: name, required: true }] },
});
const ai = (id: string, prompt: string, outputVariable: string, next: Step['next'] = { type: 'step' }): Step => ({
  id,
  kind: 'ai',
  title: `AI ${id}`,
  next,
  config: { prompt, settings: { temperature: 0.7, maxOutputTokens: 1024 }, outputVariable, outputFormat: 'markdown' },
});
const output = (id: string, template: string, next: Step['next'] = { type: 'step' }): Step => ({
  id,
  kind: 'output',
  title: `Show ${id}`,
  next,
  config: { template },
});

/** ask → write → show: the shape of most apps. */
function linear(): AppSpec {
  return {
    entryStepId: 'ask',
    steps: [input('ask', 'topic'), ai('write', 'Write about {{topic}}', 'essay'), output('show', '{{essay}}')],
  };
}

const ids = (spec: AppSpec) => spec.steps.map((step) => step.id);
const errors = (spec: AppSpec) => validateApp(spec).filter((problem) => problem.severity === 'error');

describe('uniqueStepId / uniqueVariableName', () => {
  it('derives slugs from titles and never reuses an id, nor the reserved “end”', () => {
    const spec = linear();
    expect(uniqueStepId(spec, 'Write')).toBe('write-2');
    expect(uniqueStepId(spec, 'Ünïcode Title!!')).toBe('unicode-title');
    expect(uniqueStepId(spec, 'end')).toBe('end-step');
    expect(uniqueStepId(spec, '!!!')).toBe('step');
  });

  it('picks variable names not defined anywhere in the app', () => {
    const spec = linear();
    expect(uniqueVariableName(spec, 'topic')).toBe('topic_2');
    expect(uniqueVariableName(spec, 'Essay Draft')).toBe('essay_draft');
    expect(uniqueVariableName(spec, '9lives')).toBe('lives');
  });
});

describe('createStep', () => {
  it('creates steps whose ids and variables do not clash, and an output showing the last AI answer', () => {
    const spec = linear();
    const ask = createStep(spec, 'input');
    const write = createStep(spec, 'ai');
    const show = createStep(spec, 'output');
    expect(ask.id).not.toBe('ask');
    expect(ask.kind === 'input' && ask.config.fields[0]?.name).toBe('answer');
    expect(write.kind === 'ai' && write.config.outputVariable).toBe('result');
    expect(show.kind === 'output' && show.config.template).toBe('{{essay}}');
    const spec2 = insertStep(spec, 3, show);
    expect(errors(spec2)).toEqual([]);
  });
});

describe('insertStep', () => {
  it('adds a step between two steps so the flow passes through it', () => {
    const spec = linear();
    const step = output('preview', '{{topic}}');
    const next = insertStep(spec, 1, step);
    expect(ids(next)).toEqual(['ask', 'preview', 'write', 'show']);
    expect(describeNext(next, 0)).toBe('Then continues to “Show preview”');
    expect(errors(next)).toEqual([]);
    expect(spec.steps).toHaveLength(3); // the input is untouched
  });

  it('turns an explicit link to the old follower into “the following step”, so the new step is not skipped', () => {
    const spec: AppSpec = { entryStepId: 'ask', steps: [input('ask', 'topic', { type: 'step', stepId: 'write' }), ai('write', '{{topic}}', 'essay')] };
    const next = insertStep(spec, 1, output('between', 'x'));
    expect(next.steps[0]?.next).toEqual({ type: 'step' });
  });

  it('adds a step after a step that ended the app so the flow reaches it, and it ends the app instead (issue 27)', () => {
    const spec: AppSpec = { entryStepId: 'ask', steps: [input('ask', 'topic'), output('show', '{{topic}}')] };
    spec.steps[1] = { ...(spec.steps[1] as Step), next: { type: 'end' } };
    const next = insertStep(spec, 2, output('thanks', 'Thank you'));
    expect(ids(next)).toEqual(['ask', 'show', 'thanks']);
    expect(next.steps[1]?.next).toEqual({ type: 'step' });
    expect(next.steps[2]?.next).toEqual({ type: 'end' });
    expect(errors(next)).toEqual([]);
  });

  it('makes a step added at the top the start of the app', () => {
    const next = insertStep(linear(), 0, input('first', 'name'));
    expect(next.entryStepId).toBe('first');
    const empty = insertStep({ entryStepId: 'start', steps: [] }, 0, input('only', 'name'));
    expect(empty.entryStepId).toBe('only');
  });

  it('clamps positions outside the list', () => {
    expect(ids(insertStep(linear(), 99, output('last', 'x')))).toEqual(['ask', 'write', 'show', 'last']);
    expect(ids(insertStep(linear(), -5, output('top', 'x')))[0]).toBe('top');
  });
});

describe('moveStep', () => {
  it('reorders steps and keeps the top of the list as the start', () => {
    const spec = linear();
    const moved = moveStep(spec, 2, 0);
    expect(ids(moved)).toEqual(['show', 'ask', 'write']);
    expect(moved.entryStepId).toBe('show');
    // Showing {{essay}} before it is written is now an error the editor will show.
    expect(errors(moved).map((problem) => problem.code)).toContain('unknown_variable');
    expect(ids(moveStep(moved, 0, 2))).toEqual(['ask', 'write', 'show']);
  });

  it('ignores moves from outside the list and returns the same spec for a no-op', () => {
    const spec = linear();
    expect(moveStep(spec, 1, 1)).toBe(spec);
    expect(moveStep(spec, 7, 0)).toBe(spec);
    expect(ids(moveStep(spec, 0, 99))).toEqual(['write', 'show', 'ask']);
  });

  it('keeps an entry that was deliberately set on a step other than the first', () => {
    const spec = { ...linear(), entryStepId: 'write' };
    expect(moveStep(spec, 2, 0).entryStepId).toBe('write');
  });
});

describe('updateStep / setNext', () => {
  it('changes one step and leaves the others as they were', () => {
    const spec = linear();
    const next = updateStep(spec, 'write', (step) => ({ ...step, title: 'Write the essay' }));
    expect(next.steps[1]?.title).toBe('Write the essay');
    expect(next.steps[0]).toBe(spec.steps[0]);
    expect(updateStep(spec, 'missing', (step) => ({ ...step, title: 'x' }))).toBe(spec);
  });

  it('sets choice buttons as the next step', () => {
    const next = setNext(linear(), 'ask', {
      type: 'choices',
      buttons: [
        { label: 'Essay', goto: 'write' },
        { label: 'Skip', goto: 'end' },
      ],
    });
    expect(describeNext(next, 0)).toBe('Lets the visitor choose: “Essay”, “Skip”');
    expect(errors(next)).toEqual([]);
  });

  it('updates only the first of two steps sharing an id, as the engine reads them', () => {
    const spec: AppSpec = { entryStepId: 'a', steps: [output('a', 'one'), output('a', 'two')] };
    const next = updateStep(spec, 'a', (step) => ({ ...step, title: 'First' }));
    expect(next.steps.map((step) => step.title)).toEqual(['First', 'Show a']);
  });
});

describe('dependantsOf', () => {
  it('names the steps that lead to a step and the steps that use what it sets', () => {
    const spec = linear();
    const deps = dependantsOf(spec, 'write');
    expect(deps.incoming).toEqual([{ stepId: 'ask', title: 'Ask topic', field: 'next', implicit: true }]);
    expect(deps.variableUses).toEqual([{ name: 'essay', stepId: 'show', title: 'Show show' }]);
    expect(deps.isEntry).toBe(false);
    expect(dependantsOf(spec, 'ask').isEntry).toBe(true);
  });

  it('counts condition checks and branch targets', () => {
    const spec = setNext(linear(), 'write', {
      type: 'conditions',
      conditions: [{ when: { variable: 'topic', op: 'eq', value: 'cats' }, goto: 'show' }],
      otherwise: 'end',
    });
    expect(dependantsOf(spec, 'ask').variableUses).toEqual([
      { name: 'topic', stepId: 'write', title: 'AI write' },
    ]);
    expect(dependantsOf(spec, 'show').incoming).toEqual([{ stepId: 'write', title: 'AI write', field: 'next.conditions[0].goto', implicit: false }]);
  });

  it('answers nothing for a step that does not exist', () => {
    expect(dependantsOf(linear(), 'nope')).toEqual({ incoming: [], variableUses: [], isEntry: false });
  });
});

describe('removeStep', () => {
  it('joins the flow around a removed step (A → B → C becomes A → C)', () => {
    const spec = insertStep(linear(), 2, output('preview', '{{essay}}'));
    const { spec: next, rewired } = removeStep(spec, 'preview');
    expect(ids(next)).toEqual(['ask', 'write', 'show']);
    expect(rewired).toEqual([{ stepId: 'write', title: 'AI write', field: 'next', to: 'show' }]);
    expect(errors(next)).toEqual([]);
  });

  it('rewires explicit links, condition branches and buttons to where the removed step went', () => {
    const spec: AppSpec = {
      entryStepId: 'ask',
      steps: [
        input('ask', 'topic', {
          type: 'conditions',
          conditions: [{ when: { variable: 'topic', op: 'eq', value: 'x' }, goto: 'middle' }],
          otherwise: 'middle',
        }),
        output('other', 'other', { type: 'choices', buttons: [{ label: 'Go', goto: 'middle' }] }),
        output('middle', 'middle', { type: 'step', stepId: 'final' }),
        output('final', 'done'),
      ],
    };
    const { spec: next, rewired } = removeStep(spec, 'middle');
    const ask = next.steps[0];
    expect(ask?.next).toEqual({
      type: 'conditions',
      conditions: [{ when: { variable: 'topic', op: 'eq', value: 'x' }, goto: 'final' }],
      otherwise: 'final',
    });
    expect(next.steps[1]?.next).toEqual({ type: 'choices', buttons: [{ label: 'Go', goto: 'final' }] });
    expect(rewired.map((r) => r.field)).toEqual(['next.conditions[0].goto', 'next.otherwise', 'next.buttons[0].goto']);
    expect(rewired.every((r) => r.to === 'final')).toBe(true);
  });

  it('keeps the removed step’s own explicit jump when the step before only flowed into it', () => {
    // ask → jump(goes to show) → skipped → show; delete jump: ask must still reach show, not skipped.
    const spec: AppSpec = {
      entryStepId: 'ask',
      steps: [input('ask', 'topic'), output('jump', 'j', { type: 'step', stepId: 'show' }), output('skipped', 's', { type: 'end' }), output('show', 'end')],
    };
    const { spec: next } = removeStep(spec, 'jump');
    expect(next.steps[0]?.next).toEqual({ type: 'step', stepId: 'show' });
  });

  it('ends the flow where the removed step ended it', () => {
    const spec: AppSpec = { entryStepId: 'ask', steps: [input('ask', 'topic', { type: 'step', stepId: 'last' }), output('middle', 'x'), output('last', 'bye', { type: 'end' })] };
    const { spec: next } = removeStep(spec, 'last');
    expect(next.steps[0]?.next).toEqual({ type: 'end' });
  });

  it('leaves links to a removed branching step for the creator to choose, and the validator names them', () => {
    const spec: AppSpec = {
      entryStepId: 'ask',
      steps: [
        input('ask', 'topic', { type: 'step', stepId: 'choose' }),
        output('choose', 'pick', { type: 'choices', buttons: [{ label: 'A', goto: 'a' }, { label: 'B', goto: 'end' }] }),
        output('a', 'a'),
      ],
    };
    const { spec: next, rewired } = removeStep(spec, 'choose');
    expect(rewired).toEqual([{ stepId: 'ask', title: 'Ask topic', field: 'next.stepId', to: null }]);
    const problems = validateApp(next);
    expect(problems.find((problem) => problem.code === 'dangling_next')?.stepId).toBe('ask');
  });

  it('moves the start to the next step when the first step is removed', () => {
    const { spec: next } = removeStep(linear(), 'ask');
    expect(next.entryStepId).toBe('write');
    // write used {{topic}} from the removed step: the validator says so.
    expect(errors(next).map((problem) => problem.code)).toEqual(['unknown_variable']);
  });

  it('handles a step that loops onto itself (no successor to join to)', () => {
    const spec: AppSpec = {
      entryStepId: 'ask',
      steps: [
        input('ask', 'topic', { type: 'step', stepId: 'loop' }),
        output('loop', 'again', { type: 'step', stepId: 'loop' }),
      ],
    };
    const { spec: next, rewired } = removeStep(spec, 'loop');
    expect(rewired[0]?.to).toBeNull();
    expect(ids(next)).toEqual(['ask']);
    expect(next.entryStepId).toBe('ask');
  });

  it('survives cycles: removing one step of a loop keeps the other steps pointing at real steps', () => {
    const spec: AppSpec = {
      entryStepId: 'a',
      steps: [
        output('a', 'a', { type: 'step', stepId: 'b' }),
        output('b', 'b', { type: 'step', stepId: 'c' }),
        output('c', 'c', { type: 'conditions', conditions: [{ when: { variable: 'x', op: 'empty' }, goto: 'a' }], otherwise: 'end' }),
      ],
      variables: [{ name: 'x', value: '' }],
    };
    const { spec: next } = removeStep(spec, 'b');
    expect(next.steps[0]?.next).toEqual({ type: 'step' });
    expect(ids(next)).toEqual(['a', 'c']);
    expect(errors(next)).toEqual([]);
  });

  it('removing one of two steps with the same id leaves every link valid', () => {
    const spec: AppSpec = { entryStepId: 'a', steps: [output('a', 'one', { type: 'step', stepId: 'b' }), output('b', 'first b'), output('b', 'second b')] };
    const { spec: next, rewired } = removeStepAt(spec, 1);
    expect(rewired).toEqual([]);
    expect(next.steps[0]?.next).toEqual({ type: 'step', stepId: 'b' });
    expect(next.steps.map((step) => step.kind === 'output' && step.config.template)).toEqual(['one', 'second b']);
  });

  it('does nothing for a step that is not there', () => {
    const spec = linear();
    expect(removeStep(spec, 'ghost')).toEqual({ spec, rewired: [] });
  });
});

describe('variablesForStep', () => {
  it('offers fixed variables and earlier steps’ variables first, JSON fields as name.field, never the step’s own', () => {
    const spec: AppSpec = {
      ...linear(),
      variables: [{ name: 'school', value: 'Hill' }],
      steps: [
        ...linear().steps,
        {
          id: 'quiz',
          kind: 'ai',
          title: 'AI quiz',
          next: { type: 'step' },
          config: {
            prompt: 'Quiz on {{topic}}',
            settings: { temperature: 0.7, maxOutputTokens: 1024 },
            outputVariable: 'quiz',
            outputFormat: 'json',
            jsonFields: [{ name: 'title', type: 'string', required: true }],
          },
        },
      ],
    };
    const refs = variablesForStep(spec, 'write');
    expect(refs.map((ref) => [ref.reference, ref.earlier])).toEqual([
      ['school', true],
      ['topic', true],
      ['quiz', false],
      ['quiz.title', false],
    ]);
  });
});
