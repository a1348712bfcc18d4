import type { AppSpec, Step } from '@appforge/engine';

export interface StepChange {
  readonly stepId: string;
  readonly title: string;
  /** What changed, in words: "the prompt", "what happens next" … */
  readonly what: string[];
}

export interface SpecDiff {
  readonly added: Step[];
  readonly removed: Step[];
  readonly changed: StepChange[];
  /** The order of the steps both versions have is different. */
  readonly reordered: boolean;
  readonly startChanged: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function describeChange(before: Step, after: Step): string[] {
  const what: string[] = [];
  if (before.kind !== after.kind) return ['the kind of step'];
  if (before.title !== after.title) what.push('the title');
  if (!same(before.next, after.next)) what.push('what happens next');
  if (after.kind === 'ai' && before.kind === 'ai') {
    if (before.config.prompt !== after.config.prompt) what.push('the prompt');
    if ((before.config.system ?? '') !== (after.config.system ?? '')) what.push('the system prompt');
    if (before.config.outputVariable !== after.config.outputVariable) what.push('the answer’s variable');
    if (before.config.outputFormat !== after.config.outputFormat || !same(before.config.jsonFields, after.config.jsonFields)) what.push('the answer format');
    if (!same(before.config.settings, after.config.settings)) what.push('the model settings');
  } else if (after.kind === 'input' && before.kind === 'input') {
    if (!same(before.config.fields, after.config.fields)) what.push('the questions');
    if (before.config.intro !== after.config.intro || before.config.submitLabel !== after.config.submitLabel) what.push('the form’s texts');
  } else if (after.kind === 'output' && before.kind === 'output') {
    if (before.config.template !== after.config.template) what.push('what the visitor sees');
  } else if (!same(before.config, after.config)) {
    what.push('its settings');
  }
  return what;
}

/** What differs between two versions' specs, step by step (steps matched by id). */
export function diffSpecs(before: AppSpec, after: AppSpec): SpecDiff {
  const beforeById = new Map(before.steps.map((step) => [step.id, step]));
  const afterById = new Map(after.steps.map((step) => [step.id, step]));
  const added = after.steps.filter((step) => !beforeById.has(step.id));
  const removed = before.steps.filter((step) => !afterById.has(step.id));
  const changed: StepChange[] = [];
  for (const step of after.steps) {
    const old = beforeById.get(step.id);
    if (!old) continue;
    const what = describeChange(old, step);
    if (what.length > 0) changed.push({ stepId: step.id, title: step.title, what });
  }
  const commonBefore = before.steps.map((step) => step.id).filter((id) => afterById.has(id));
  const commonAfter = after.steps.map((step) => step.id).filter((id) => beforeById.has(id));
  return { added, removed, changed, reordered: !same(commonBefore, commonAfter), startChanged: before.entryStepId !== after.entryStepId };
}

export function isUnchanged(diff: SpecDiff): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0 && !diff.reordered && !diff.startChanged;
}
