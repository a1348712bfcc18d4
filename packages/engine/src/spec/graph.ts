import type { AppSpec } from './app-spec';
import { END } from './names';
import type { Step } from './steps';

export interface Edge {
  /** A step id, or `end`. */
  readonly target: string;
  /** Where the edge is written in the step, e.g. `next.conditions[1].goto`. */
  readonly field: string;
}

/** The step a `{type: 'step'}` without stepId goes to: the following one, or the end after the last. */
export function followingTarget(spec: Pick<AppSpec, 'steps'>, index: number): string {
  return spec.steps[index + 1]?.id ?? END;
}

/** Every place a step can go next, with where in the step each one is written. */
export function stepEdges(spec: Pick<AppSpec, 'steps'>, step: Step, index: number): Edge[] {
  const next = step.next;
  switch (next.type) {
    case 'step':
      return [{ target: next.stepId ?? followingTarget(spec, index), field: next.stepId ? 'next.stepId' : 'next' }];
    case 'end':
      return [{ target: END, field: 'next' }];
    case 'conditions':
      return [
        ...next.conditions.map((condition, i) => ({ target: condition.goto, field: `next.conditions[${i}].goto` })),
        { target: next.otherwise, field: 'next.otherwise' },
      ];
    case 'choices':
      return next.buttons.map((button, i) => ({ target: button.goto, field: `next.buttons[${i}].goto` }));
  }
}

/** Step id → its first position (duplicates are a validation problem; the first one wins). */
export function indexSteps(spec: Pick<AppSpec, 'steps'>): Map<string, number> {
  const index = new Map<string, number>();
  spec.steps.forEach((step, i) => {
    if (!index.has(step.id)) index.set(step.id, i);
  });
  return index;
}
