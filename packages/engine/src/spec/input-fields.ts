import { z } from 'zod';

import { LIMITS } from './limits';
import { variableNameSchema } from './names';

const fieldBase = {
  name: variableNameSchema,
  label: z
    .string({ error: 'A field needs a label.' })
    .trim()
    .min(1, { error: 'A field needs a label the visitor can read.' })
    .max(LIMITS.labelLength, { error: `A label has at most ${LIMITS.labelLength} characters.` }),
  required: z.boolean().default(false),
  placeholder: z.string().max(LIMITS.placeholderLength).optional(),
  help: z.string().max(LIMITS.helpLength).optional(),
};

const lengthLimit = z.number().int().min(1).max(LIMITS.textMaxLength);

export const textFieldSchema = z.object({
  ...fieldBase,
  type: z.literal('text'),
  minLength: z.number().int().min(0).max(LIMITS.textMaxLength).optional(),
  maxLength: lengthLimit.optional(),
});

export const longTextFieldSchema = z.object({
  ...fieldBase,
  type: z.literal('long_text'),
  minLength: z.number().int().min(0).max(LIMITS.textMaxLength).optional(),
  maxLength: lengthLimit.optional(),
});

export const numberFieldSchema = z.object({
  ...fieldBase,
  type: z.literal('number'),
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  integer: z.boolean().optional(),
});

export const choiceFieldSchema = z.object({
  ...fieldBase,
  type: z.literal('choice'),
  options: z
    .array(z.string().trim().min(1, { error: 'An option cannot be empty.' }).max(LIMITS.optionLength), {
      error: 'A choice field lists its options.',
    })
    .max(LIMITS.optionsPerChoice, { error: `A choice field has at most ${LIMITS.optionsPerChoice} options.` }),
});

export const yesNoFieldSchema = z.object({
  ...fieldBase,
  type: z.literal('yes_no'),
});

export const fileFieldSchema = z.object({
  ...fieldBase,
  type: z.literal('file'),
  /** File extensions (`.pdf`) or media types (`image/*`, `text/plain`); empty or absent means any file. */
  accept: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  maxBytes: z
    .number()
    .int()
    .min(1)
    .max(LIMITS.fileMaxBytes, { error: `A file field accepts at most ${LIMITS.fileMaxBytes} bytes (50 MB).` })
    .default(10 * 1024 * 1024),
});

export const inputFieldSchema = z.discriminatedUnion(
  'type',
  [textFieldSchema, longTextFieldSchema, numberFieldSchema, choiceFieldSchema, yesNoFieldSchema, fileFieldSchema],
  { error: 'A field type is one of text, long_text, number, choice, yes_no, file.' },
);

export type InputField = z.output<typeof inputFieldSchema>;
export type InputFieldType = InputField['type'];

/**
 * What a file field holds once a visitor picked a file. The engine never reads files: the caller
 * uploads it and passes this descriptor (with extracted `text` when it has any).
 */
export const fileValueSchema = z.object({
  name: z.string().min(1).max(255),
  mimeType: z.string().max(200),
  size: z.number().int().min(0),
  text: z.string().max(LIMITS.textMaxLength).optional(),
  url: z.string().max(2_000).optional(),
});

export type FileValue = z.output<typeof fileValueSchema>;
