// The builder overview's view of a version: every step in order, with the engine's one-sentence
// summary and where it goes next in words ("Then: 2. Write the plan", "If Level is “beginner” → …").
import { describeApp, END } from '@appforge/engine';
import type { AppSpec, Condition, Step, StepKind } from '@appforge/engine';

export interface StepRoute {
  /** What leads there: a button label, a condition in words, or null for the plain next step. */
  readonly when: string | null;
  /** "2. Write the plan", or "the end". */
  readonly to: string;
}

export interface StepOutline {
  readonly id: string;
  readonly position: number;
  readonly kind: StepKind;
  readonly title: string;
  readonly summary: string;
  readonly routes: readonly StepRoute[];
  /** 'step' (plain next), 'choices' (buttons) or 'conditions' (automatic branching). */
  readonly branching: 'step' | 'choices' | 'conditions';
}

const OPERATOR_WORDS: Record<Condition['op'], string> = {
  eq: 'is',
  neq: 'is not',
  contains: 'contains',
  gt: 'is more than',
  lt: 'is less than',
  gte: 'is at least',
  lte: 'is at most',
  empty: 'is empty',
  not_empty: 'is not empty',
};

function conditionWords(condition: Condition): string {
  const subject = condition.variable;
  if (condition.op === 'empty' || condition.op === 'not_empty') return `${subject} ${OPERATOR_WORDS[condition.op]}`;
  const value = typeof condition.value === 'string' ? `“${condition.value}”` : String(condition.value ?? '');
  return `${subject} ${OPERATOR_WORDS[condition.op]} ${value}`;
}

function targetWords(spec: AppSpec, target: string): string {
  if (target === END) return 'the end';
  const index = spec.steps.findIndex((step) => step.id === target);
  const step = spec.steps[index];
  return step === undefined ? `a missing step (${target})` : `${index + 1}. ${step.title}`;
}

function routesOf(spec: AppSpec, step: Step, index: number): StepRoute[] {
  const next = step.next;
  switch (next.type) {
    case 'step':
      return [{ when: null, to: targetWords(spec, next.stepId ?? spec.steps[index + 1]?.id ?? END) }];
    case 'end':
      return [{ when: null, to: 'the end' }];
    case 'choices':
      return next.buttons.map((button) => ({ when: `“${button.label}”`, to: targetWords(spec, button.goto) }));
    case 'conditions':
      return [
        ...next.conditions.map((branch) => ({ when: `If ${conditionWords(branch.when)}`, to: targetWords(spec, branch.goto) })),
        { when: 'Otherwise', to: targetWords(spec, next.otherwise) },
      ];
  }
}

/** Every step of the version in order, ready to list. */
export function outlineSteps(spec: AppSpec): StepOutline[] {
  const described = describeApp(spec).steps;
  return spec.steps.map((step, index) => ({
    id: step.id,
    position: index + 1,
    kind: step.kind,
    title: step.title,
    summary: described[index]?.summary ?? '',
    routes: routesOf(spec, step, index),
    branching: step.next.type === 'end' ? 'step' : step.next.type,
  }));
}

/** A kind in words, for the icon's label. */
export const KIND_LABELS: Record<StepKind, string> = {
  input: 'Input',
  ai: 'AI',
  output: 'Output',
  database: 'Database',
  api: 'API',
};
