// The run-app stream's events checked without zod: the light visitor entry has ~20 KB of
// JavaScript for everything of ours, and zod's core alone is ~16 KB gz. The rules are those of
// ../run-events.ts (the full client's schema); run-event-checks.test.ts holds both to the same cases.
import type { RunEvent } from '@appforge/engine';
import type { RunStreamEvent } from '../run-events';

type Loose = Record<string, unknown>;

const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStepId = (value: unknown): boolean => isString(value) && value.length > 0;
const isArrayOf = (value: unknown, item: (entry: unknown) => boolean): boolean => Array.isArray(value) && value.every(item);
const hasStrings = (value: unknown, ...names: string[]): boolean => isRecord(value) && names.every((name) => isString(value[name]));

/** What each engine event must hold, by its `type`: the fields screens rely on. */
const RUN_EVENT_RULES: Readonly<Record<string, (event: Loose) => boolean>> = {
  run_started: (event) => isStepId(event.stepId) && typeof event.resumed === 'boolean',
  step_started: (event) => isStepId(event.stepId) && isString(event.kind) && isString(event.title),
  token: (event) => isStepId(event.stepId) && isString(event.text),
  step_output: (event) => isStepId(event.stepId) && 'value' in event,
  awaiting_input: (event) =>
    isStepId(event.stepId) &&
    isString(event.title) &&
    isArrayOf(event.fields, (field) => hasStrings(field, 'name', 'type')) &&
    isArrayOf(event.errors, (error) => hasStrings(error, 'field', 'code', 'message')),
  choice_needed: (event) =>
    isStepId(event.stepId) &&
    isArrayOf(event.buttons, (button) => isRecord(button) && Number.isInteger(button.index) && isString(button.label)),
  run_done: (event) =>
    isArrayOf(event.outputs, (output) => hasStrings(output, 'stepId', 'title', 'markdown')) &&
    isRecord(event.variables) &&
    isRecord(event.usage) &&
    typeof event.usage.inputTokens === 'number' &&
    typeof event.usage.outputTokens === 'number',
  run_failed: (event) => hasStrings(event, 'code', 'message'),
};

/** One SSE message as a RunStreamEvent, or null when it is not one (unknown events are skipped). */
export function checkRunStreamEvent(event: string, data: unknown): RunStreamEvent | { type: 'invalid' } | null {
  if (event === 'run') {
    if (!isRecord(data) || !isString(data.run_id) || typeof data.offline !== 'boolean' || !isString(data.model_label)) return { type: 'invalid' };
    return { type: 'run', run_id: data.run_id, offline: data.offline, model_label: data.model_label };
  }
  if (event === 'error') {
    return hasStrings(data, 'code', 'message') && isRecord(data)
      ? { type: 'error', code: String(data.code), message: String(data.message) }
      : { type: 'invalid' };
  }
  if (!isRecord(data)) return { type: 'invalid' };
  if (!isString(data.type)) return null;
  const rule = RUN_EVENT_RULES[data.type];
  if (rule === undefined) return null;
  // Checked above field by field for what screens read; the rest is the engine's RunEvent as sent.
  return rule(data) ? (data as unknown as RunEvent) : { type: 'invalid' };
}
