import { z } from 'zod';

import { STEP_KINDS } from '../spec/steps';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const RUN_FAILURE_CODES = [
  'invalid_spec',
  'invalid_state',
  'cancelled',
  'timeout',
  'model_error',
  'invalid_model_output',
  'template_error',
  'max_steps',
  'capability_unavailable',
  'database_error',
  'api_error',
  'persist_error',
] as const;
export type RunFailureCode = (typeof RUN_FAILURE_CODES)[number];

export interface FieldError {
  /** The input field's variable name. */
  readonly field: string;
  readonly code: 'required' | 'wrong_type' | 'too_short' | 'too_long' | 'too_small' | 'too_large' | 'not_an_option' | 'not_integer' | 'file_type';
  readonly message: string;
}

const usageSchema = z.object({ inputTokens: z.number().int().min(0), outputTokens: z.number().int().min(0) });

const fieldErrorSchema = z.object({
  field: z.string(),
  code: z.enum(['required', 'wrong_type', 'too_short', 'too_long', 'too_small', 'too_large', 'not_an_option', 'not_integer', 'file_type']),
  message: z.string(),
});

function isJsonValue(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return false;
    return Object.values(value).every((item) => isJsonValue(item, depth + 1));
  }
  return false;
}

/**
 * Checked by hand rather than with z.record: zod copies records into ordinary objects, where a
 * variable literally named `__proto__` would be dropped or turn into a prototype.
 */
const variablesSchema = z.custom<Record<string, JsonValue>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && isJsonValue(value),
  { error: 'variables must be a JSON object' },
);

export const stepRecordSchema = z.object({
  stepId: z.string(),
  kind: z.enum(STEP_KINDS),
  status: z.enum(['done', 'failed']),
  startedAt: z.number(),
  finishedAt: z.number(),
  durationMs: z.number(),
  variable: z.string().optional(),
  usage: usageSchema.optional(),
  /** How many model calls the step made (2 after a JSON repair). */
  modelCalls: z.number().int().min(0).optional(),
});
export type StepRecord = z.output<typeof stepRecordSchema>;

export const runOutputSchema = z.object({ stepId: z.string(), title: z.string(), markdown: z.string() });
export type RunOutput = z.output<typeof runOutputSchema>;

export const runStateSchema = z.object({
  version: z.literal(1),
  runId: z.string().nullable(),
  status: z.enum(['running', 'awaiting_input', 'done', 'failed']),
  currentStepId: z.string().nullable(),
  currentStepStartedAt: z.number().nullable(),
  waiting: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('input'), stepId: z.string(), errors: z.array(fieldErrorSchema) }),
      z.object({ type: z.literal('choice'), stepId: z.string() }),
    ])
    .nullable(),
  variables: variablesSchema,
  outputs: z.array(runOutputSchema),
  steps: z.array(stepRecordSchema),
  stepsExecuted: z.number().int().min(0),
  usage: usageSchema,
  startedAt: z.number(),
  updatedAt: z.number(),
  finishedAt: z.number().nullable(),
  error: z.object({ stepId: z.string().optional(), code: z.enum(RUN_FAILURE_CODES), message: z.string() }).nullable(),
  model: z.object({ id: z.string(), label: z.string(), offline: z.boolean() }).nullable(),
});

/**
 * Everything needed to show a run and to resume it: plain JSON, so the caller can store it (the
 * `persist` hook) and pass it back to `resumeApp` after a reload or a server restart.
 */
export type RunState = z.output<typeof runStateSchema>;

export type RunStatus = RunState['status'];

/** A null-prototype copy: assigning a key named `__proto__` or `constructor` is then just a key. */
export function variableStore(source: Readonly<Record<string, JsonValue>> = {}): Record<string, JsonValue> {
  const store = Object.create(null) as Record<string, JsonValue>;
  for (const [key, value] of Object.entries(source)) store[key] = value;
  return store;
}
