// The public API's answers as the served OpenAPI document describes them (components.schemas
// App, Run and TestRun; test/api-client.test.ts checks the required fields against it). Unknown
// fields pass through, so a newer server does not break an older client.
import { z } from 'zod';

const inputSchema = z.looseObject({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'long_text', 'number', 'choice', 'yes_no', 'file']),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
});
export type ApiInput = z.output<typeof inputSchema>;

export const apiAppSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  inputs: z.array(inputSchema),
});
export type ApiApp = z.output<typeof apiAppSchema>;

const codeMessage = z.looseObject({ code: z.string(), message: z.string() });

const awaitingSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('input'),
    step_id: z.string(),
    fields: z.array(inputSchema),
    errors: z.array(z.looseObject({ field: z.string(), code: z.string(), message: z.string() })).optional(),
  }),
  z.looseObject({
    type: z.literal('choice'),
    step_id: z.string(),
    prompt: z.string().optional(),
    buttons: z.array(z.looseObject({ index: z.number().int(), label: z.string() })),
  }),
]);

export const apiRunSchema = z.looseObject({
  run_id: z.string(),
  status: z.enum(['done', 'awaiting_input', 'failed', 'running']),
  /** The final text shown to a person (markdown), or null. */
  output: z.string().nullable(),
  /** Every named variable of the run. */
  outputs: z.record(z.string(), z.unknown()),
  usage: z.looseObject({ input_tokens: z.number(), output_tokens: z.number() }),
  /** What a paused run waits for: inputs (continue with {inputs}) or a button (continue with its index). */
  awaiting: awaitingSchema.optional(),
  error: codeMessage.optional(),
});
export type ApiRun = z.output<typeof apiRunSchema>;

export const apiRunStartedSchema = z.looseObject({ run_id: z.string(), offline: z.boolean(), model_label: z.string() });
export type ApiRunStarted = z.output<typeof apiRunStartedSchema>;

/** A streamed run's events: `run` first, the engine's events as `progress`, `done` last with the result. */
export type ApiRunEvent = { event: 'run'; data: ApiRunStarted } | { event: 'done'; data: ApiRun } | { event: 'progress'; name: string; data: unknown };

const testCaseResultSchema = z.looseObject({
  case_id: z.string().nullable(),
  case_name: z.string(),
  mode: z.enum(['must_pass', 'warn_only']),
  status: z.enum(['running', 'passed', 'failed', 'needs_update', 'error']),
  passed: z.boolean(),
  reason: z.string().nullable(),
  output: z.string().nullable(),
  /** "n of m runs pass": how many times the case runs (m), how many passed, how many must (n). */
  runs: z.number().int().min(1),
  runs_passed: z.number().int().min(0).nullable(),
  passes_needed: z.number().int().min(1),
});
export type ApiTestCaseResult = z.output<typeof testCaseResultSchema>;

export const apiTestRunSchema = z.looseObject({
  id: z.string(),
  app_id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  version_id: z.string().nullable(),
  version_number: z.number().int().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  total: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  needs_update: z.number().int(),
  results: z.array(testCaseResultSchema),
  error: codeMessage.optional(),
});
export type ApiTestRun = z.output<typeof apiTestRunSchema>;

/** The version a test run tests: its number, the app's draft or its live version. */
export type ApiTestRunVersion = number | 'draft' | 'live';

/** The document's schema name of each answer the client reads. */
export const ANSWER_SCHEMAS = { App: apiAppSchema, Run: apiRunSchema, TestRun: apiTestRunSchema, TestCaseResult: testCaseResultSchema, Input: inputSchema } as const;
