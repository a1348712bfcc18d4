// An app's inputs as the public API shows and checks them: the fields of its first input step.
import { DEFAULT_MAX_LENGTH, validateInputs } from '@appforge/engine';
import type { AppSpec, InputField } from '@appforge/engine';

export interface PublicInput {
  name: string;
  label: string;
  type: InputField['type'];
  required: boolean;
  options?: string[];
}

export interface InputProblem {
  field: string;
  code: string;
  message: string;
}

/** The fields a run asks for first: the entry step's when it is an input step, else the first input step's. */
export function entryInputFields(spec: AppSpec): InputField[] {
  const entry = spec.steps.find((step) => step.id === spec.entryStepId);
  const step = entry?.kind === 'input' ? entry : spec.steps.find((candidate) => candidate.kind === 'input');
  return step?.kind === 'input' ? step.config.fields : [];
}

/** The fields of the input step with this id (a paused run waits there). */
export function stepInputFields(spec: AppSpec, stepId: string): InputField[] {
  const step = spec.steps.find((candidate) => candidate.id === stepId);
  return step?.kind === 'input' ? step.config.fields : [];
}

export function publicInputs(fields: readonly InputField[]): PublicInput[] {
  return fields.map((field) => ({
    name: field.name,
    label: field.label,
    type: field.type,
    required: field.required,
    ...(field.type === 'choice' ? { options: [...field.options] } : {}),
  }));
}

/** Unknown names and every field's own problem (wrong type, too long, missing…). */
export function checkInputs(fields: readonly InputField[], inputs: Record<string, unknown>): InputProblem[] {
  const known = new Set(fields.map((field) => field.name));
  const problems: InputProblem[] = Object.keys(inputs)
    .filter((name) => !known.has(name))
    .map((name) => ({ field: name, code: 'unknown_input', message: `“${name.slice(0, 100)}” is not an input of this app.` }));
  const checked = validateInputs(fields, inputs);
  if (!checked.ok) problems.push(...checked.errors.map((error) => ({ field: error.field, code: error.code, message: error.message })));
  return problems;
}

type JsonSchema = Record<string, unknown>;

function fieldSchema(field: InputField): JsonSchema {
  const described = { title: field.label, ...(field.help !== undefined ? { description: field.help } : {}) };
  switch (field.type) {
    case 'text':
    case 'long_text':
      return {
        ...described,
        type: 'string',
        maxLength: field.maxLength ?? DEFAULT_MAX_LENGTH[field.type],
        ...(field.minLength !== undefined ? { minLength: field.minLength } : {}),
      };
    case 'number':
      return {
        ...described,
        type: field.integer ? 'integer' : 'number',
        ...(field.min !== undefined ? { minimum: field.min } : {}),
        ...(field.max !== undefined ? { maximum: field.max } : {}),
      };
    case 'choice':
      return { ...described, type: 'string', enum: [...field.options] };
    case 'yes_no':
      return { ...described, type: 'boolean' };
    case 'file':
      return {
        ...described,
        type: 'object',
        description: 'An uploaded file: its name, media type, size in bytes, and its text or URL.',
        required: ['name', 'mimeType', 'size'],
        properties: {
          name: { type: 'string', maxLength: 255 },
          mimeType: { type: 'string', maxLength: 200 },
          size: { type: 'integer', minimum: 0, maximum: field.maxBytes },
          text: { type: 'string' },
          url: { type: 'string', maxLength: 2000 },
        },
        additionalProperties: false,
      };
  }
}

/** A JSON Schema (2020-12, as OpenAPI 3.1 and MCP use) of the `inputs` object. */
export function inputsJsonSchema(fields: readonly InputField[]): JsonSchema {
  const required = fields.filter((field) => field.required).map((field) => field.name);
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])),
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}
