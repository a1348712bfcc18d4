import { z } from 'zod';

import { inputFieldSchema } from './input-fields';
import { LIMITS } from './limits';
import { stepIdSchema, variableNameSchema, variableRefSchema } from './names';
import { nextSchema } from './next';

export const STEP_KINDS = ['input', 'ai', 'output', 'database', 'api'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export const modelSettingsSchema = z.object({
  /** A model id from the configured catalogue; absent means the app's or the server's default. */
  model: z.string().trim().min(1).max(LIMITS.modelNameLength).optional(),
  temperature: z
    .number()
    .min(0, { error: 'Temperature goes from 0 to 2.' })
    .max(2, { error: 'Temperature goes from 0 to 2.' })
    .default(0.7),
  maxOutputTokens: z
    .number()
    .int()
    .min(1, { error: `Max output tokens goes from 1 to ${LIMITS.maxOutputTokens}.` })
    .max(LIMITS.maxOutputTokens, { error: `Max output tokens goes from 1 to ${LIMITS.maxOutputTokens}.` })
    .default(1024),
});
export type ModelSettings = z.output<typeof modelSettingsSchema>;

export const JSON_FIELD_TYPES = ['string', 'number', 'boolean', 'string_list', 'number_list'] as const;
export type JsonFieldType = (typeof JSON_FIELD_TYPES)[number];

/** One property of a JSON output: a flat, JSON-schema-like description the model must follow. */
export const jsonFieldSchema = z.object({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, { error: 'A JSON field name uses letters, digits and _.' }),
  type: z.enum(JSON_FIELD_TYPES, { error: `A JSON field type is one of ${JSON_FIELD_TYPES.join(', ')}.` }),
  description: z.string().max(LIMITS.helpLength).optional(),
  required: z.boolean().default(true),
});
export type JsonField = z.output<typeof jsonFieldSchema>;

const stepBase = {
  id: stepIdSchema,
  title: z
    .string({ error: 'A step needs a title.' })
    .trim()
    .min(1, { error: 'A step needs a title.' })
    .max(LIMITS.titleLength, { error: `A step title has at most ${LIMITS.titleLength} characters.` }),
  next: nextSchema.default({ type: 'step' }),
};

export const inputStepSchema = z.object({
  ...stepBase,
  kind: z.literal('input'),
  config: z.object({
    intro: z.string().max(LIMITS.introLength).optional(),
    fields: z
      .array(inputFieldSchema)
      .max(LIMITS.fieldsPerStep, { error: `An input step has at most ${LIMITS.fieldsPerStep} fields.` }),
    submitLabel: z.string().trim().min(1).max(LIMITS.buttonLabelLength).optional(),
  }),
});

export const aiStepSchema = z.object({
  ...stepBase,
  kind: z.literal('ai'),
  config: z.object({
    prompt: z.string({ error: 'An AI step needs a prompt.' }).max(LIMITS.promptLength, {
      error: `A prompt has at most ${LIMITS.promptLength} characters.`,
    }),
    system: z
      .string()
      .max(LIMITS.systemPromptLength, { error: `A system prompt has at most ${LIMITS.systemPromptLength} characters.` })
      .optional(),
    settings: modelSettingsSchema.default({ temperature: 0.7, maxOutputTokens: 1024 }),
    outputVariable: variableNameSchema,
    outputFormat: z.enum(['text', 'markdown', 'json'], { error: 'The output format is text, markdown or json.' }).default('markdown'),
    jsonFields: z
      .array(jsonFieldSchema)
      .max(LIMITS.jsonFields, { error: `A JSON output has at most ${LIMITS.jsonFields} fields.` })
      .optional(),
    /** Per-step timeout; absent means the run's default. */
    timeoutMs: z.number().int().min(1_000).max(600_000).optional(),
  }),
});

export const outputStepSchema = z.object({
  ...stepBase,
  kind: z.literal('output'),
  config: z.object({
    template: z.string({ error: 'An output step needs a template.' }).max(LIMITS.templateLength, {
      error: `An output template has at most ${LIMITS.templateLength} characters.`,
    }),
  }),
});

const recordId = z.string().trim().min(1, { error: 'Pick one.' }).max(100);

import { DATABASE_FILTER_OPS } from './database-ops';

export { DATABASE_FILTER_OPS };
export type { DatabaseFilterOp } from './database-ops';
/** The column types of an app database's tables, which a database step's values must fit. */
export const DATABASE_COLUMN_TYPES = ['text', 'number', 'boolean', 'date', 'json', 'link'] as const;
export type DatabaseColumnType = (typeof DATABASE_COLUMN_TYPES)[number];

const columnName = z.string().trim().min(1).max(64);

export const databaseStepSchema = z.object({
  ...stepBase,
  kind: z.literal('database'),
  config: z.object({
    databaseId: recordId,
    tableId: recordId,
    operation: z.enum(['read', 'write'], { error: 'A database step reads or writes.' }),
    /** read: rows whose column compares to a variable's value. */
    filters: z
      .array(
        z.object({
          column: columnName,
          op: z.enum(DATABASE_FILTER_OPS),
          variable: variableRefSchema,
        }),
      )
      .max(LIMITS.mappings)
      .default([]),
    /** write: column → variable whose value goes into it. */
    values: z.record(columnName, variableRefSchema).default({}),
    limit: z.number().int().min(1).max(1_000).default(50),
    /** read: the variable that receives the rows. */
    outputVariable: variableNameSchema.optional(),
    timeoutMs: z.number().int().min(1_000).max(600_000).optional(),
  }),
});

export const apiStepSchema = z.object({
  ...stepBase,
  kind: z.literal('api'),
  config: z.object({
    apiId: recordId,
    endpointId: recordId,
    /** parameter name → template (`{{city}}`, or fixed text). */
    params: z.record(z.string().trim().min(1).max(100), z.string().max(LIMITS.templateLength)).default({}),
    /** What of the JSON answer becomes the output (`$.current.temp`); absent → the endpoint's response path. */
    outputPath: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\$)?(\.?[A-Za-z0-9_-]+|\[\d+\])*$/, { error: 'An output path looks like $.current.temperature or $.items[0].name.' })
      .optional(),
    outputVariable: variableNameSchema,
    timeoutMs: z.number().int().min(1_000).max(600_000).optional(),
  }),
});

export const stepSchema = z.discriminatedUnion('kind', [inputStepSchema, aiStepSchema, outputStepSchema, databaseStepSchema, apiStepSchema], {
  error: `A step kind is one of ${STEP_KINDS.join(', ')}.`,
});

export type Step = z.output<typeof stepSchema>;
export type InputStep = z.output<typeof inputStepSchema>;
export type AiStep = z.output<typeof aiStepSchema>;
export type OutputStep = z.output<typeof outputStepSchema>;
export type DatabaseStep = z.output<typeof databaseStepSchema>;
export type ApiStep = z.output<typeof apiStepSchema>;
/** What a caller (or a model) may write: defaults not yet applied. */
export type StepInput = z.input<typeof stepSchema>;
