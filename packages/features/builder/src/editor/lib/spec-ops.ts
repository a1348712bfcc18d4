import { END, LIMITS, STEP_ID_PATTERN, followingTarget, stepEdges } from '@appforge/engine';
import type { AppSpec, Next, Step, StepKind } from '@appforge/engine';

/**
 * Editing operations over an AppSpec. Every function is pure: it returns a new spec (or facts
 * about one) and never mutates its input, so the editor can keep the previous spec for undo and
 * for the "what was typed" backup.
 *
 * Where a spec holds duplicate step ids (a hand-written or model-written spec can), "the step
 * with id X" is the FIRST one, as the engine's validator and executor read it.
 */

/** The first position of a step id, or -1. */
export function indexOfStep(spec: Pick<AppSpec, 'steps'>, stepId: string): number {
  return spec.steps.findIndex((step) => step.id === stepId);
}

export function findStep(spec: Pick<AppSpec, 'steps'>, stepId: string): Step | undefined {
  return spec.steps.find((step) => step.id === stepId);
}

/** Where each step's `next` resolves to, with implicit "the following step" spelled out. */
function resolvedTargets(spec: Pick<AppSpec, 'steps'>, step: Step, index: number): string[] {
  return stepEdges(spec, step, index).map((edge) => edge.target);
}

/** A step id not used in the spec yet, derived from a title or kind (`summary`, `summary-2`). */
export function uniqueStepId(spec: Pick<AppSpec, 'steps'>, base: string): string {
  const slug =
    base
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, LIMITS.stepIdLength - 4) || 'step';
  const safe = slug === END ? 'end-step' : slug;
  const taken = new Set(spec.steps.map((step) => step.id));
  if (!taken.has(safe) && STEP_ID_PATTERN.test(safe)) return safe;
  for (let n = 2; ; n++) {
    const candidate = `${safe}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Every variable name the spec defines (fixed variables, input fields, step outputs). */
export function definedVariableNames(spec: AppSpec): Set<string> {
  const names = new Set((spec.variables ?? []).map((constant) => constant.name));
  for (const step of spec.steps) for (const definition of variablesDefinedBy(step)) names.add(definition.name);
  return names;
}

/** A variable name not used yet: `answer`, `answer_2`. */
export function uniqueVariableName(spec: AppSpec, base: string, extra: Iterable<string> = []): string {
  const cleaned =
    base
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, '_')
      .replace(/^[^a-z_]+/, '')
      .slice(0, 58) || 'value';
  const taken = definedVariableNames(spec);
  for (const name of extra) taken.add(name);
  if (!taken.has(cleaned)) return cleaned;
  for (let n = 2; ; n++) {
    const candidate = `${cleaned}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export interface VariableDefinition {
  readonly name: string;
  /** Sub-fields `{{name.field}}` may use (JSON outputs, files); empty for plain values. */
  readonly fields: readonly string[];
  readonly description: string;
}

const FILE_FIELDS = ['name', 'mimeType', 'size', 'text', 'url'];

export function variablesDefinedBy(step: Step): VariableDefinition[] {
  switch (step.kind) {
    case 'input':
      return step.config.fields.map((field) => ({
        name: field.name,
        fields: field.type === 'file' ? FILE_FIELDS : [],
        description: `${field.label} (asked in “${step.title}”)`,
      }));
    case 'ai':
      return [
        {
          name: step.config.outputVariable,
          fields: step.config.outputFormat === 'json' ? (step.config.jsonFields ?? []).map((field) => field.name) : [],
          description: `The answer of “${step.title}”`,
        },
      ];
    case 'api':
      return [{ name: step.config.outputVariable, fields: [], description: `The response of “${step.title}”` }];
    case 'database':
      return step.config.outputVariable
        ? [{ name: step.config.outputVariable, fields: [], description: `Rows read by “${step.title}”` }]
        : [];
    case 'output':
      return [];
  }
}

export interface CompletionVariable {
  /** What goes between the braces: `topic` or `quiz.title`. */
  readonly reference: string;
  readonly description: string;
  /** Defined by a step listed before this one (or a fixed variable): the usual, safe choice. */
  readonly earlier: boolean;
}

/**
 * What a step's templates may refer to, for `{{…}}` completion: fixed variables and what other
 * steps define, earlier steps first. The engine's validator still decides whether a variable is
 * set on every path; completion only offers names that exist.
 */
export function variablesForStep(spec: AppSpec, stepId: string): CompletionVariable[] {
  const at = indexOfStep(spec, stepId);
  const out: CompletionVariable[] = [];
  for (const constant of spec.variables ?? []) {
    out.push({ reference: constant.name, description: constant.description ?? 'A fixed variable of the app', earlier: true });
  }
  const later: CompletionVariable[] = [];
  spec.steps.forEach((step, i) => {
    if (i === at) return;
    const target = at === -1 || i < at ? out : later;
    for (const definition of variablesDefinedBy(step)) {
      target.push({ reference: definition.name, description: definition.description, earlier: target === out });
      for (const field of definition.fields) {
        target.push({ reference: `${definition.name}.${field}`, description: `${field} of ${definition.name}`, earlier: target === out });
      }
    }
  });
  return [...out, ...later];
}

/** A new step of a kind, with an id and variable names that do not clash with the spec's. */
export function createStep(spec: AppSpec, kind: Extract<StepKind, 'input' | 'ai' | 'output'>): Step {
  switch (kind) {
    case 'input': {
      const name = uniqueVariableName(spec, 'answer');
      return {
        id: uniqueStepId(spec, 'ask'),
        kind: 'input',
        title: 'Ask the visitor',
        next: { type: 'step' },
        config: { fields: [{ type: 'long_text', name, label: 'Your answer', required: true }] },
      };
    }
    case 'ai':
      return {
        id: uniqueStepId(spec, 'ai'),
        kind: 'ai',
        title: 'Ask the AI',
        next: { type: 'step' },
        config: {
          prompt: '',
          settings: { temperature: 0.7, maxOutputTokens: 1024 },
          outputVariable: uniqueVariableName(spec, 'result'),
          outputFormat: 'markdown',
        },
      };
    case 'output': {
      // Show the most recent AI answer by default: the usual last step of an app.
      const lastAi = [...spec.steps].reverse().find((step) => step.kind === 'ai');
      return {
        id: uniqueStepId(spec, 'show'),
        kind: 'output',
        title: 'Show the result',
        next: { type: 'step' },
        config: { template: lastAi?.kind === 'ai' ? `{{${lastAi.config.outputVariable}}}` : '' },
      };
    }
  }
}

/**
 * Inserts `step` at position `index` (0 = first, steps.length = last). The step before it keeps
 * flowing into it: when that step pointed explicitly at the step that used to follow it, it now
 * goes to "the following step" (the new one), which flows on to the old follower. Inserting at
 * the top makes the new step the start when the app started at the old first step.
 */
export function insertStep(spec: AppSpec, index: number, step: Step): AppSpec {
  const at = Math.max(0, Math.min(index, spec.steps.length));
  const following = spec.steps[at];
  let added = step;
  const steps = spec.steps.map((existing, i) => {
    if (i !== at - 1) return existing;
    // A step added right after one that ended the app is where the person expects the flow to go
    // (issue 27): the earlier step now continues to it, and the new step ends the app instead.
    if (existing.next.type === 'end') {
      added = { ...step, next: { type: 'end' } as Next };
      return { ...existing, next: { type: 'step' } as Next };
    }
    if (following && existing.next.type === 'step' && existing.next.stepId === following.id) return { ...existing, next: { type: 'step' } as Next };
    return existing;
  });
  steps.splice(at, 0, added);
  const entryStepId = at === 0 && (spec.steps.length === 0 || spec.entryStepId === spec.steps[0]?.id) ? added.id : spec.entryStepId;
  return { ...spec, steps, entryStepId };
}

/** Moves the step at `from` to position `to`. The list's order is the flow of "next: following". */
export function moveStep(spec: AppSpec, from: number, to: number): AppSpec {
  if (from === to || from < 0 || from >= spec.steps.length) return spec;
  const target = Math.max(0, Math.min(to, spec.steps.length - 1));
  const steps = [...spec.steps];
  const [moved] = steps.splice(from, 1);
  if (!moved) return spec;
  steps.splice(target, 0, moved);
  // The top of the list is where the app starts, as the creator reads it; an entry the creator
  // set on another step (only possible by hand or by the AI) stays where it was.
  const entryWasFirst = spec.entryStepId === spec.steps[0]?.id;
  const entryStepId = entryWasFirst ? (steps[0]?.id ?? spec.entryStepId) : spec.entryStepId;
  return { ...spec, steps, entryStepId };
}

/** Replaces the (first) step with id `stepId` by what `update` returns. */
export function updateStep(spec: AppSpec, stepId: string, update: (step: Step) => Step): AppSpec {
  const at = indexOfStep(spec, stepId);
  const current = spec.steps[at];
  if (!current) return spec;
  const updated = update(current);
  if (updated === current) return spec;
  const steps = [...spec.steps];
  steps[at] = updated;
  return { ...spec, steps };
}

export function setNext(spec: AppSpec, stepId: string, next: Next): AppSpec {
  return updateStep(spec, stepId, (step) => ({ ...step, next }));
}

export interface IncomingEdge {
  readonly stepId: string;
  readonly title: string;
  /** Where in that step: `next`, `next.stepId`, `next.conditions[0].goto`, `next.buttons[1].goto`. */
  readonly field: string;
  /** True when it only arrives because it is listed right after (no explicit target). */
  readonly implicit: boolean;
}

export interface VariableUse {
  readonly name: string;
  readonly stepId: string;
  readonly title: string;
}

export interface StepDependants {
  /** Steps whose `next` leads to this step. */
  readonly incoming: IncomingEdge[];
  /** Variables this step sets that other steps use (`{{name}}`, conditions). */
  readonly variableUses: VariableUse[];
  readonly isEntry: boolean;
}

function referencesOf(step: Step): string[] {
  const refs: string[] = [];
  const fromTemplate = (template: string | undefined) => {
    if (!template) return;
    for (const match of template.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)(?:\.[A-Za-z0-9_]+)*\s*\}\}/g)) if (match[1]) refs.push(match[1]);
  };
  switch (step.kind) {
    case 'ai':
      fromTemplate(step.config.prompt);
      fromTemplate(step.config.system);
      break;
    case 'output':
      fromTemplate(step.config.template);
      break;
    case 'api':
      Object.values(step.config.params).forEach(fromTemplate);
      break;
    case 'database':
      step.config.filters.forEach((filter) => refs.push(filter.variable.split('.')[0] ?? filter.variable));
      Object.values(step.config.values).forEach((ref) => refs.push(ref.split('.')[0] ?? ref));
      break;
    case 'input':
      break;
  }
  if (step.next.type === 'conditions') {
    for (const condition of step.next.conditions) refs.push(condition.when.variable.split('.')[0] ?? condition.when.variable);
  }
  return refs;
}

/** What depends on a step: what the delete confirmation names. */
export function dependantsOf(spec: AppSpec, stepId: string): StepDependants {
  const at = indexOfStep(spec, stepId);
  const step = spec.steps[at];
  if (!step) return { incoming: [], variableUses: [], isEntry: false };
  const incoming: IncomingEdge[] = [];
  spec.steps.forEach((other, i) => {
    if (i === at) return;
    for (const edge of stepEdges(spec, other, i)) {
      if (edge.target === stepId) incoming.push({ stepId: other.id, title: other.title, field: edge.field, implicit: edge.field === 'next' && other.next.type === 'step' });
    }
  });
  const defined = new Set(variablesDefinedBy(step).map((definition) => definition.name));
  const variableUses: VariableUse[] = [];
  spec.steps.forEach((other, i) => {
    if (i === at) return;
    const used = new Set(referencesOf(other).filter((name) => defined.has(name)));
    for (const name of used) variableUses.push({ name, stepId: other.id, title: other.title });
  });
  return { incoming, variableUses, isEntry: spec.entryStepId === stepId };
}

export interface Rewire {
  readonly stepId: string;
  readonly title: string;
  readonly field: string;
  /** The new target (a step id or `end`), or null when it could not be chosen for the creator. */
  readonly to: string | null;
}

export interface RemoveResult {
  readonly spec: AppSpec;
  readonly rewired: Rewire[];
}

/**
 * The single place a step goes after it (a step id or `end`), or null when it branches
 * (conditions, choices) or loops onto itself.
 */
function singleSuccessor(spec: AppSpec, index: number): string | null {
  const step = spec.steps[index];
  if (!step) return null;
  if (step.next.type === 'end') return END;
  if (step.next.type !== 'step') return null;
  const target = step.next.stepId ?? followingTarget(spec, index);
  return target === step.id ? null : target;
}

/**
 * Removes the step at `index` and keeps the flow joined: every step that went to it now goes
 * where it went (A → B → C, delete B: A → C). When the removed step branched, the steps that led
 * to it keep pointing at its id and the validator reports each one (the creator chooses again);
 * `rewired` lists every change with `to: null` for those.
 */
export function removeStepAt(spec: AppSpec, index: number): RemoveResult {
  const removed = spec.steps[index];
  if (!removed) return { spec, rewired: [] };
  const steps = spec.steps.filter((_, i) => i !== index);
  // A duplicate id that survives keeps every edge valid: nothing to rewire.
  const idSurvives = steps.some((step) => step.id === removed.id);
  const successor = singleSuccessor(spec, index);
  const after: AppSpec = { ...spec, steps };
  const rewired: Rewire[] = [];
  if (!idSurvives) {
    const retarget = (target: string, step: Step, field: string): string => {
      if (target !== removed.id) return target;
      rewired.push({ stepId: step.id, title: step.title, field, to: successor });
      return successor ?? target;
    };
    after.steps = steps.map((step, newIndex) => {
      const oldIndex = newIndex < index ? newIndex : newIndex + 1;
      const next = step.next;
      switch (next.type) {
        case 'step': {
          const target = next.stepId ?? followingTarget(spec, oldIndex);
          // Only one step left the list, so every other "following" edge still reaches the same step.
          if (target !== removed.id) return step;
          const implicitNow = followingTarget({ steps }, newIndex);
          const field = next.stepId ? 'next.stepId' : 'next';
          if (successor === null) {
            // The removed step branched: a step that merely flowed into it flows on to the step now
            // below it; one that named it explicitly keeps the name and is flagged by the validator.
            rewired.push({ stepId: step.id, title: step.title, field, to: next.stepId ? null : implicitNow });
            return step;
          }
          rewired.push({ stepId: step.id, title: step.title, field, to: successor });
          const nextValue: Next = successor === implicitNow ? { type: 'step' } : successor === END ? { type: 'end' } : { type: 'step', stepId: successor };
          return { ...step, next: nextValue };
        }
        case 'end':
          return step;
        case 'conditions': {
          if (!resolvedTargets(spec, step, oldIndex).includes(removed.id)) return step;
          return {
            ...step,
            next: {
              ...next,
              conditions: next.conditions.map((condition, i) => ({ ...condition, goto: retarget(condition.goto, step, `next.conditions[${i}].goto`) })),
              otherwise: retarget(next.otherwise, step, 'next.otherwise'),
            },
          };
        }
        case 'choices': {
          if (!resolvedTargets(spec, step, oldIndex).includes(removed.id)) return step;
          return {
            ...step,
            next: { ...next, buttons: next.buttons.map((button, i) => ({ ...button, goto: retarget(button.goto, step, `next.buttons[${i}].goto`) })) },
          };
        }
      }
    });
  }
  if (spec.entryStepId === removed.id && !idSurvives) {
    const next = successor && successor !== END ? successor : (after.steps[0]?.id ?? spec.entryStepId);
    after.entryStepId = next;
  }
  return { spec: after, rewired };
}

export function removeStep(spec: AppSpec, stepId: string): RemoveResult {
  return removeStepAt(spec, indexOfStep(spec, stepId));
}

/** Where a step goes next, in words, for the step list ("Next: Summarise", "Ends the app"). */
export function describeNext(spec: AppSpec, index: number): string {
  const step = spec.steps[index];
  if (!step) return '';
  const title = (id: string) => (id === END ? 'the end' : `“${findStep(spec, id)?.title ?? id}”`);
  const next = step.next;
  switch (next.type) {
    case 'step': {
      const target = next.stepId ?? followingTarget(spec, index);
      if (target === END) return 'Then the app ends';
      return next.stepId ? `Then goes to ${title(target)}` : `Then continues to ${title(target)}`;
    }
    case 'end':
      return 'Then the app ends';
    case 'conditions':
      return `Checks ${next.conditions.length} condition${next.conditions.length === 1 ? '' : 's'}, otherwise ${title(next.otherwise)}`;
    case 'choices':
      return next.buttons.length === 0
        ? 'Lets the visitor choose (no buttons yet)'
        : `Lets the visitor choose: ${next.buttons.map((button) => `“${button.label}”`).join(', ')}`;
  }
}
