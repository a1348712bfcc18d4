// Step-by-step comparison of two app versions: the one used by "Compare" in the AI builder and by
// Deploy's "Changes since version N", so both describe the same two versions the same way. Pure: the same two
// specs always give the same answer. Steps are matched by id first; a step whose id was renamed
// (same kind, mostly the same content) is matched as "changed" rather than removed + added, and
// references to it (next steps, buttons, the first step) are read through that renaming so they do
// not show up as changes of their own. A step counts as moved only when its order relative to the
// other kept steps changed — inserting a step at the top does not "move" every step after it.
import type { AppSpec } from '../spec/app-spec';
import type { Next } from '../spec/next';
import type { Step, StepKind } from '../spec/steps';

/** One field of a step (or of the app) whose text differs; null means "not set" on that side. */
export interface FieldChange {
  readonly key: string;
  readonly label: string;
  readonly before: string | null;
  readonly after: string | null;
}

export type StepChange =
  | { readonly type: 'added'; readonly stepId: string; readonly kind: StepKind; readonly title: string; readonly position: number }
  | { readonly type: 'removed'; readonly stepId: string; readonly kind: StepKind; readonly title: string; readonly position: number }
  | {
      readonly type: 'changed';
      readonly stepId: string;
      readonly previousStepId: string;
      readonly kind: StepKind;
      readonly title: string;
      readonly previousTitle: string;
      readonly position: number;
      readonly previousPosition: number;
      readonly fields: readonly FieldChange[];
    };

export interface SpecDiff {
  /** In the newer version's order; removed steps sit where they used to be. */
  readonly steps: readonly StepChange[];
  /** App-wide changes: the first step, fixed variables. */
  readonly app: readonly FieldChange[];
  /** Steps present in both versions with nothing changed. */
  readonly unchanged: number;
}

interface Entry {
  readonly key: string;
  readonly label: string;
  readonly text: string;
  /** For lists kept by name: the names in order (compared by relative order only). */
  readonly order?: readonly string[];
}

const CONFIG_LABELS: Readonly<Record<string, string>> = {
  intro: 'Introduction',
  submitLabel: 'Button label',
  prompt: 'Prompt',
  system: 'System prompt',
  settings: 'Model settings',
  outputVariable: 'Output variable',
  outputFormat: 'Output format',
  timeoutMs: 'Time limit (ms)',
  template: 'Template',
  databaseId: 'Database',
  tableId: 'Table',
  operation: 'Operation',
  filters: 'Filters',
  limit: 'Row limit',
  apiId: 'API',
  endpointId: 'Endpoint',
};

const SETTING_LABELS: Readonly<Record<string, string>> = {
  model: 'Model',
  temperature: 'Temperature',
  maxOutputTokens: 'Max output tokens',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON with sorted keys, so key order never reads as a change. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(', ')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}: ${stableJson(value[key])}`).join(', ')}}`;
  }
  return JSON.stringify(value) ?? '';
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return stableJson(value);
}

function humanise(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function describeField(field: Record<string, unknown>): string {
  const parts = [`${textOf(field.label)} (${textOf(field.type)}${field.required === true ? ', required' : ''})`];
  for (const key of Object.keys(field).sort()) {
    if (['name', 'label', 'type', 'required'].includes(key) || field[key] === undefined) continue;
    parts.push(`${key}: ${textOf(field[key])}`);
  }
  return parts.join('; ');
}

/** Target names are read in the newer version's id space, with that version's titles. */
type TargetWords = (id: string) => string;

function describeTarget(target: unknown, words: TargetWords): string {
  if (target === 'end' || (isRecord(target) && target.type === 'end')) return 'the end';
  if (typeof target === 'string') return words(target);
  if (isRecord(target) && typeof target.stepId === 'string') return words(target.stepId);
  return textOf(target);
}

function describeNext(next: Next, words: TargetWords): string {
  switch (next.type) {
    case 'step':
      return next.stepId === undefined ? 'The following step' : `Go to ${words(next.stepId)}`;
    case 'end':
      return 'End the run';
    case 'conditions': {
      const rules = next.conditions.map((rule) => {
        const value = rule.when.value === undefined ? '' : ` ${textOf(rule.when.value)}`;
        return `If ${rule.when.variable} ${rule.when.op}${value} → ${describeTarget(rule.goto, words)}`;
      });
      return [...rules, `Otherwise → ${describeTarget(next.otherwise, words)}`].join('\n');
    }
    case 'choices': {
      const buttons = next.buttons.map((button) => `Button “${button.label}” → ${describeTarget(button.goto, words)}`);
      return [...(next.prompt === undefined ? [] : [`Ask: ${next.prompt}`]), ...buttons].join('\n');
    }
  }
}

function namedList(prefix: string, labelOf: (item: Record<string, unknown>) => string, items: readonly unknown[], describe: (item: Record<string, unknown>) => string): Entry[] {
  const entries: Entry[] = [];
  const names: string[] = [];
  for (const item of items) {
    if (!isRecord(item) || typeof item.name !== 'string') continue;
    names.push(item.name);
    entries.push({ key: `${prefix}.${item.name}`, label: labelOf(item), text: describe(item) });
  }
  entries.push({ key: `${prefix}#order`, label: `${labelOf({})} order`, text: names.join(', '), order: names });
  return entries;
}

function configEntries(config: Record<string, unknown>): Entry[] {
  const entries: Entry[] = [];
  for (const key of Object.keys(config)) {
    const value = config[key];
    if (value === undefined) continue;
    if (key === 'fields' && Array.isArray(value)) {
      entries.push(
        ...namedList('fields', (field) => (typeof field.name === 'string' ? `Field “${textOf(field.label)}” (${field.name})` : 'Field'), value, describeField),
      );
    } else if (key === 'jsonFields' && Array.isArray(value)) {
      entries.push(
        ...namedList('jsonFields', (field) => (typeof field.name === 'string' ? `JSON field ${field.name}` : 'JSON field'), value, (field) =>
          `${textOf(field.type)}${field.required === false ? ', optional' : ''}${typeof field.description === 'string' ? ` — ${field.description}` : ''}`,
        ),
      );
    } else if (key === 'settings' && isRecord(value)) {
      for (const setting of Object.keys(value)) {
        if (value[setting] === undefined) continue;
        entries.push({ key: `settings.${setting}`, label: SETTING_LABELS[setting] ?? humanise(setting), text: textOf(value[setting]) });
      }
    } else if ((key === 'params' || key === 'values') && isRecord(value)) {
      for (const name of Object.keys(value)) {
        entries.push({ key: `${key}.${name}`, label: `${key === 'params' ? 'Parameter' : 'Column'} “${name}”`, text: textOf(value[name]) });
      }
    } else {
      entries.push({ key, label: CONFIG_LABELS[key] ?? humanise(key), text: textOf(value) });
    }
  }
  return entries;
}

function stepEntries(step: Step, words: TargetWords): Entry[] {
  return [
    { key: 'kind', label: 'Kind', text: step.kind },
    { key: 'title', label: 'Title', text: step.title },
    { key: 'id', label: 'Step id', text: step.id },
    { key: 'next', label: 'Next step', text: describeNext(step.next, words) },
    ...configEntries(step.config),
  ];
}

/** The same relative order of the names both sides have. */
function sameRelativeOrder(before: readonly string[], after: readonly string[]): boolean {
  const common = new Set(before.filter((name) => after.includes(name)));
  const a = before.filter((name) => common.has(name));
  const b = after.filter((name) => common.has(name));
  return a.every((name, index) => b[index] === name);
}

/** Field-by-field differences between two lists of entries. */
function diffEntries(before: readonly Entry[], after: readonly Entry[]): FieldChange[] {
  const beforeByKey = new Map(before.map((entry) => [entry.key, entry]));
  const afterByKey = new Map(after.map((entry) => [entry.key, entry]));
  const keys = [...after.map((entry) => entry.key), ...before.map((entry) => entry.key).filter((key) => !afterByKey.has(key))];
  const changes: FieldChange[] = [];
  for (const key of keys) {
    const old = beforeByKey.get(key);
    const now = afterByKey.get(key);
    if (old?.order !== undefined && now?.order !== undefined) {
      if (!sameRelativeOrder(old.order, now.order)) changes.push({ key, label: now.label, before: old.text, after: now.text });
      continue;
    }
    if (old?.text === now?.text) continue;
    changes.push({ key, label: now?.label ?? old?.label ?? key, before: old?.text ?? null, after: now?.text ?? null });
  }
  return changes;
}

/** How alike two steps are, from 0 to 1 (share of entries with the same text), ids left out. */
function likeness(a: readonly Entry[], b: readonly Entry[]): number {
  const relevant = (entries: readonly Entry[]) => entries.filter((entry) => entry.key !== 'id' && entry.key !== 'kind');
  const left = relevant(a);
  const right = new Map(relevant(b).map((entry) => [entry.key, entry.text]));
  const size = Math.max(left.length, right.size);
  if (size === 0) return 1;
  return left.filter((entry) => right.get(entry.key) === entry.text).length / size;
}

/** Indexes (into `sequence`) of a longest increasing subsequence: the steps that did not move. */
function longestIncreasing(sequence: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(sequence.length).fill(-1);
  for (let i = 0; i < sequence.length; i += 1) {
    const value = sequence[i] ?? 0;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((sequence[tails[mid] ?? 0] ?? 0) < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[i] = tails[low - 1] ?? -1;
    tails[low] = i;
  }
  const kept = new Set<number>();
  let at = tails.length > 0 ? (tails[tails.length - 1] ?? -1) : -1;
  while (at !== -1) {
    kept.add(at);
    at = previous[at] ?? -1;
  }
  return kept;
}

/** Minimum likeness for an unmatched old and new step of the same kind to count as one renamed step. */
const RENAME_LIKENESS = 0.5;

export function diffSpecs(before: AppSpec, after: AppSpec): SpecDiff {
  const afterIds = new Set(after.steps.map((step) => step.id));
  const beforeIds = new Set(before.steps.map((step) => step.id));
  /** before id → after id, for steps that kept their id or were renamed. */
  const renamed = new Map<string, string>();
  for (const step of before.steps) if (afterIds.has(step.id)) renamed.set(step.id, step.id);

  const titleAfter = new Map(after.steps.map((step) => [step.id, step.title]));
  const titleBefore = new Map(before.steps.map((step) => [step.id, step.title]));
  const wordsAfter: TargetWords = (id) => `step “${titleAfter.get(id) ?? id}”`;
  const wordsBefore: TargetWords = (id) => {
    const mapped = renamed.get(id);
    return mapped !== undefined ? wordsAfter(mapped) : `step “${titleBefore.get(id) ?? id}”`;
  };

  // Pair leftover steps as renamed ids, most alike first (references read through matches so far).
  const leftoverBefore = before.steps.filter((step) => !afterIds.has(step.id));
  const leftoverAfter = after.steps.filter((step) => !beforeIds.has(step.id));
  const pairs: { from: Step; to: Step; score: number }[] = [];
  for (const from of leftoverBefore) {
    for (const to of leftoverAfter) {
      if (from.kind !== to.kind) continue;
      const titleSame = from.title.trim().toLowerCase() === to.title.trim().toLowerCase();
      const score = likeness(stepEntries(from, wordsBefore), stepEntries(to, wordsAfter)) + (titleSame ? 0.25 : 0);
      if (score >= RENAME_LIKENESS) pairs.push({ from, to, score });
    }
  }
  pairs.sort((a, b) => b.score - a.score);
  const pairedTo = new Set<string>();
  for (const pair of pairs) {
    if (renamed.has(pair.from.id) || pairedTo.has(pair.to.id)) continue;
    renamed.set(pair.from.id, pair.to.id);
    pairedTo.add(pair.to.id);
  }

  const beforeById = new Map(before.steps.map((step, index) => [step.id, { step, index }]));
  const afterToBefore = new Map([...renamed].map(([from, to]) => [to, from]));

  // Which kept steps moved relative to each other.
  const kept = after.steps.filter((step) => afterToBefore.has(step.id));
  const beforeIndexes = kept.map((step) => beforeById.get(afterToBefore.get(step.id) ?? '')?.index ?? 0);
  const stayed = longestIncreasing(beforeIndexes);
  const moved = new Set(kept.filter((_, i) => !stayed.has(i)).map((step) => step.id));

  const changes: StepChange[] = [];
  let unchanged = 0;
  after.steps.forEach((step, index) => {
    const fromId = afterToBefore.get(step.id);
    const old = fromId === undefined ? undefined : beforeById.get(fromId);
    if (old === undefined) {
      changes.push({ type: 'added', stepId: step.id, kind: step.kind, title: step.title, position: index + 1 });
      return;
    }
    const fields = diffEntries(stepEntries(old.step, wordsBefore), stepEntries(step, wordsAfter));
    if (moved.has(step.id)) fields.unshift({ key: 'position', label: 'Position', before: String(old.index + 1), after: String(index + 1) });
    if (fields.length === 0) {
      unchanged += 1;
      return;
    }
    changes.push({
      type: 'changed',
      stepId: step.id,
      previousStepId: old.step.id,
      kind: step.kind,
      title: step.title,
      previousTitle: old.step.title,
      position: index + 1,
      previousPosition: old.index + 1,
      fields,
    });
  });

  // Removed steps go right after the kept step that preceded them in the older version.
  const placed: { change: StepChange; at: number }[] = changes.map((change) => ({ change, at: change.position }));
  before.steps.forEach((step, index) => {
    if (renamed.has(step.id)) return;
    let at = 0;
    for (let i = index - 1; i >= 0; i -= 1) {
      const keptId = renamed.get(before.steps[i]?.id ?? '');
      if (keptId === undefined) continue;
      at = after.steps.findIndex((candidate) => candidate.id === keptId) + 1;
      break;
    }
    // After that step's own entry, in their old order among themselves (the sort is stable).
    placed.push({ change: { type: 'removed', stepId: step.id, kind: step.kind, title: step.title, position: index + 1 }, at: at + 0.5 });
  });
  const result = placed.sort((a, b) => a.at - b.at).map((entry) => entry.change);

  const app = diffEntries(appEntries(before, wordsBefore), appEntries(after, wordsAfter));
  return { steps: result, app, unchanged };
}

function appEntries(spec: AppSpec, words: TargetWords): Entry[] {
  return [
    { key: 'entry', label: 'First step', text: words(spec.entryStepId) },
    ...(spec.variables ?? []).map((constant) => ({
      key: `variables.${constant.name}`,
      label: `Fixed variable ${constant.name}`,
      text: `${textOf(constant.value)}${constant.description === undefined ? '' : ` — ${constant.description}`}`,
    })),
  ];
}

/** True when the two versions have the same steps and settings. */
export function isSameSpec(diff: SpecDiff): boolean {
  return diff.steps.length === 0 && diff.app.length === 0;
}

/** One line for people, e.g. "1 step added, 2 changed, 1 removed". */
export function summariseDiff(diff: SpecDiff): string {
  if (isSameSpec(diff)) return 'No changes: both versions have the same steps.';
  const count = (type: StepChange['type']) => diff.steps.filter((change) => change.type === type).length;
  const parts: string[] = [];
  const added = count('added');
  const changed = count('changed');
  const removed = count('removed');
  if (added > 0) parts.push(`${added} step${added === 1 ? '' : 's'} added`);
  if (changed > 0) parts.push(`${changed} step${changed === 1 ? '' : 's'} changed`);
  if (removed > 0) parts.push(`${removed} step${removed === 1 ? '' : 's'} removed`);
  if (diff.app.length > 0) parts.push(`${diff.app.length} app setting${diff.app.length === 1 ? '' : 's'} changed`);
  return `${parts.join(', ')}.`;
}
