import { z } from 'zod';

import { LIMITS } from './limits';

/** A variable identifier: what `{{name}}` refers to. Lower-case so that creators never fight case. */
export const VARIABLE_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,63}$/;

/** A step id: a short slug, stable across edits, used by `next` targets. */
export const STEP_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/** A reference to a variable or to one field of a JSON output: `topic`, `quiz.questions`. */
export const VARIABLE_REF_PATTERN = /^[a-z_][a-z0-9_]{0,63}(?:\.[A-Za-z0-9_]{1,64})*$/;

/** The `goto` value that finishes the run instead of naming a step. */
export const END = 'end';

export const variableNameSchema = z
  .string({ error: 'A variable name must be text.' })
  .regex(VARIABLE_NAME_PATTERN, {
    error: 'A variable name uses lower-case letters, digits and _ only, starts with a letter or _, and has at most 64 characters.',
  });

export const stepIdSchema = z
  .string({ error: 'A step id must be text.' })
  .regex(STEP_ID_PATTERN, {
    error: `A step id is a short slug: lower-case letters, digits, - and _, at most ${LIMITS.stepIdLength} characters.`,
  })
  .refine((id) => id !== END, { error: '“end” is reserved for finishing the app and cannot be a step id.' });

/** Where `next` may go: a step id or `end`. */
export const targetSchema = z
  .string({ error: 'A target must be a step id or “end”.' })
  .regex(STEP_ID_PATTERN, { error: 'A target must be a step id or “end”.' });

export const variableRefSchema = z
  .string({ error: 'A variable reference must be text.' })
  .regex(VARIABLE_REF_PATTERN, { error: 'Name a variable such as topic, or a field of a JSON output such as quiz.title.' });
