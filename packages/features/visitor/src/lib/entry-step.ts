import type { AppSpec } from '@appforge/engine';
import type { EntryStep } from '../components/DeployedAppView';

/** The deployed version's first step, when it is a form with questions (shown before a run starts). */
export function entryStepOf(spec: AppSpec): EntryStep | null {
  const step = spec.steps.find((candidate) => candidate.id === spec.entryStepId);
  if (step?.kind !== 'input' || step.config.fields.length === 0) return null;
  return { stepId: step.id, title: step.title, intro: step.config.intro, submitLabel: step.config.submitLabel, fields: step.config.fields };
}
