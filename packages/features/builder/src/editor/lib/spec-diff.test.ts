import type { AppSpec } from '@appforge/engine';
import { describe, expect, it } from 'vitest';
import { diffSpecs, isUnchanged } from './spec-diff';

const base: AppSpec = {
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Topic', next: { type: 'step' }, config: { fields: [{ type: 'text', name: 'topic', label: 'Topic', required: true }] } },
    {
      id: 'write',
      kind: 'ai',
      title: 'Write',
      next: { type: 'step' },
      config: { prompt: 'About {{topic}}', settings: { temperature: 0.7, maxOutputTokens: 1024 }, outputVariable: 'text', outputFormat: 'markdown' },
    },
    { id: 'show', kind: 'output', title: 'Result', next: { type: 'step' }, config: { template: '{{text}}' } },
  ],
};

describe('diffSpecs', () => {
  it('reports nothing for identical versions', () => {
    expect(isUnchanged(diffSpecs(base, structuredClone(base)))).toBe(true);
  });

  it('names added, removed and changed steps and what changed in words', () => {
    const after: AppSpec = structuredClone(base);
    const write = after.steps[1];
    if (write?.kind === 'ai') write.config.prompt = 'Three lines about {{topic}}';
    after.steps[0] = { ...after.steps[0], next: { type: 'choices', buttons: [{ label: 'Go', goto: 'write' }] } } as AppSpec['steps'][number];
    after.steps.splice(2, 1, { id: 'final', kind: 'output', title: 'Final', next: { type: 'step' }, config: { template: '{{text}}' } });
    const diff = diffSpecs(base, after);
    expect(diff.added.map((step) => step.id)).toEqual(['final']);
    expect(diff.removed.map((step) => step.id)).toEqual(['show']);
    expect(diff.changed).toEqual([
      { stepId: 'ask', title: 'Topic', what: ['what happens next'] },
      { stepId: 'write', title: 'Write', what: ['the prompt'] },
    ]);
    expect(diff.reordered).toBe(false);
  });

  it('notices a new order and a new first step', () => {
    const after: AppSpec = { ...base, entryStepId: 'write', steps: [base.steps[1], base.steps[0], base.steps[2]].filter((s) => s !== undefined) };
    const diff = diffSpecs(base, after);
    expect(diff.reordered).toBe(true);
    expect(diff.startChanged).toBe(true);
    expect(isUnchanged(diff)).toBe(false);
  });
});
