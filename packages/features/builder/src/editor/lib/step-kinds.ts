import type { StepKind } from '@appforge/engine';

/** How each step kind is named to a creator. */
export const STEP_KIND_LABELS: Record<StepKind, string> = {
  input: 'Ask the visitor',
  ai: 'AI',
  output: 'Show a result',
  database: 'Database',
  api: 'API call',
};
