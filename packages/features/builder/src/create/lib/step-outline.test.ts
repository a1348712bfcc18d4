import { parseAppSpec } from '@appforge/engine';
import { describe, expect, it } from 'vitest';
import { lessonSpec } from './spec-fixtures';
import { outlineSteps } from './step-outline';

describe('outlineSteps', () => {
  it('lists the steps in order with their summary and where each goes next', () => {
    const outline = outlineSteps(lessonSpec);
    expect(outline.map((step) => [step.position, step.kind, step.title])).toEqual([
      [1, 'input', 'About the lesson'],
      [2, 'ai', 'Write the plan'],
      [3, 'output', 'Your lesson plan'],
    ]);
    expect(outline[0]?.summary).toBe('Asks for Topic and Level.');
    expect(outline[0]?.routes).toEqual([{ when: null, to: '2. Write the plan' }]);
    expect(outline[2]?.branching).toBe('choices');
    expect(outline[2]?.routes).toEqual([
      { when: '“Another topic”', to: '1. About the lesson' },
      { when: '“Done”', to: 'the end' },
    ]);
  });

  it('describes conditions in words and names a target that does not exist', () => {
    const result = parseAppSpec({
      entryStepId: 'a',
      steps: [
        { id: 'a', kind: 'input', title: 'Ask', config: { fields: [{ type: 'number', name: 'age', label: 'Age' }] },
          next: { type: 'conditions', conditions: [{ when: { variable: 'age', op: 'gte', value: 18 }, goto: 'b' }], otherwise: 'ghost' } },
        { id: 'b', kind: 'output', title: 'Adults', config: { template: 'Hi' } },
      ],
    });
    if (!result.ok) throw new Error(result.error.message);
    const [first, last] = outlineSteps(result.value);
    expect(first?.routes).toEqual([
      { when: 'If age is at least 18', to: '2. Adults' },
      { when: 'Otherwise', to: 'a missing step (ghost)' },
    ]);
    expect(last?.routes).toEqual([{ when: null, to: 'the end' }]);
  });
});
