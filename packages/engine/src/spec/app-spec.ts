import { z } from 'zod';

import { err, ok } from '../result';
import type { Result } from '../result';
import { LIMITS } from './limits';
import { stepIdSchema, variableNameSchema } from './names';
import { stepSchema } from './steps';

/** A fixed value every step can use, e.g. a school name the creator sets once. */
export const constantSchema = z.object({
  name: variableNameSchema,
  value: z.union([z.string().max(LIMITS.constantValueLength), z.number(), z.boolean()]),
  description: z.string().max(LIMITS.helpLength).optional(),
});

export const appSpecSchema = z.object({
  steps: z
    .array(stepSchema, { error: 'An app is a list of steps.' })
    .max(LIMITS.steps, { error: `An app has at most ${LIMITS.steps} steps.` }),
  entryStepId: stepIdSchema,
  variables: z
    .array(constantSchema)
    .max(LIMITS.constants, { error: `An app has at most ${LIMITS.constants} fixed variables.` })
    .optional(),
});

/** An app version's steps, as stored and run (defaults applied). */
export type AppSpec = z.output<typeof appSpecSchema>;
/** What a caller, the builder or a model may write (defaults optional). */
export type AppSpecInput = z.input<typeof appSpecSchema>;
export type Constant = z.output<typeof constantSchema>;

export interface SpecIssue {
  /** Where the problem is, e.g. `steps[2].config.prompt`. Empty for the whole document. */
  readonly field: string;
  readonly message: string;
}

export interface SpecParseError {
  readonly code: 'invalid_json' | 'invalid_spec';
  /** One sentence for people, followed by every issue. */
  readonly message: string;
  readonly issues: readonly SpecIssue[];
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

function describeLocation(path: readonly PropertyKey[], input: unknown): string {
  // "step 3 (summarise)" reads better than steps[2] for a creator.
  if (path[0] === 'steps' && typeof path[1] === 'number') {
    const index = path[1];
    const steps = typeof input === 'object' && input !== null ? (input as { steps?: unknown }).steps : undefined;
    const step = Array.isArray(steps) ? (steps[index] as unknown) : undefined;
    const id = typeof step === 'object' && step !== null ? (step as { id?: unknown }).id : undefined;
    const rest = formatPath(path.slice(2));
    return `Step ${index + 1}${typeof id === 'string' ? ` (${id})` : ''}${rest ? `, ${rest}` : ''}`;
  }
  return path.length === 0 ? 'The app' : formatPath(path);
}

/** Model output often arrives wrapped in a ```json fence or with a sentence around it. */
export function extractJsonText(text: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const body = (fenced?.[1] ?? text).trim();
  const start = body.search(/[{[]/);
  if (start === -1) return body;
  const open = body[start];
  const close = open === '{' ? '}' : ']';
  const end = body.lastIndexOf(close);
  return end > start ? body.slice(start, end + 1) : body.slice(start);
}

/**
 * Turns anything (a parsed object, or the text a model produced) into an AppSpec, or every reason
 * it is not one. Shape only: `validateApp` checks the meaning (variables, paths, cycles).
 */
export function parseAppSpec(input: unknown): Result<AppSpec, SpecParseError> {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(extractJsonText(input)) as unknown;
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : 'unreadable';
      return err({
        code: 'invalid_json',
        message: `The app spec is not valid JSON (${reason}).`,
        issues: [{ field: '', message: `Not valid JSON: ${reason}` }],
      });
    }
  }
  const parsed = appSpecSchema.safeParse(value);
  if (parsed.success) return ok(parsed.data);
  const issues = parsed.error.issues.map((issue) => ({
    field: formatPath(issue.path),
    message: `${describeLocation(issue.path, value)}: ${issue.message}`,
  }));
  return err({
    code: 'invalid_spec',
    message: `The app spec has ${issues.length} problem${issues.length === 1 ? '' : 's'}: ${issues.map((i) => i.message).join(' ')}`,
    issues,
  });
}
