import type { ConditionOperator, Next } from '@appforge/engine';

export const OPERATOR_LABELS: Record<ConditionOperator, string> = {
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

export type NextMode = 'following' | 'step' | 'end' | 'conditions' | 'choices';

export function modeOf(next: Next): NextMode {
  if (next.type === 'step') return next.stepId ? 'step' : 'following';
  return next.type;
}

export const NUMERIC_OPERATORS: readonly ConditionOperator[] = ['gt', 'lt', 'gte', 'lte'];

/** A typed condition value: numbers for number comparisons, text otherwise. */
export function conditionValue(op: ConditionOperator, raw: string): string | number | undefined {
  if (op === 'empty' || op === 'not_empty') return undefined;
  if (NUMERIC_OPERATORS.includes(op) && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  return raw;
}

