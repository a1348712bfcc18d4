import { describe, expect, it } from 'vitest';

import { buildAppFromDescription } from '../offline-model/build-app';
import { describeApp } from './describe-app';

describe('describeApp', () => {
  it('says in plain words what each step of an app does', () => {
    const outline = describeApp(buildAppFromDescription('lesson plans').spec);
    expect(outline.asks.map((a) => [a.name, a.required])).toEqual([
      ['subject', true],
      ['topic', true],
      ['level', true],
      ['minutes', true],
      ['objectives', false],
    ]);
    expect(outline.steps.map((s) => s.summary)).toEqual([
      'Asks for Subject, Topic, Learners, Lesson length (minutes) and Learning objectives (optional).',
      'Uses AI to write “Write the plan”.',
      'Shows “Your lesson plan”. Then you choose: Add a homework task or Done.',
      'Uses AI to write “Write homework”.',
      'Shows “Homework”.',
    ]);
  });

  it('mentions branching and JSON outputs', () => {
    expect(describeApp(buildAppFromDescription('essay feedback').spec).steps[0]?.summary).toContain('Then the next step depends on the answers.');
    expect(describeApp(buildAppFromDescription('recipe').spec).steps[1]?.summary).toBe('Uses AI to produce title, ingredients, steps and minutes (“Suggest a recipe”).');
  });
});
