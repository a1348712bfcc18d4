// What the forms accept, checked before anything is sent (the server checks again).
import { displayNameInClassSchema, JOIN_CODE_PATTERN, normaliseJoinCode } from '@appforge/sdk';
import { z } from 'zod';

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} can be at most ${max} characters.`)
    .transform((value) => (value === '' ? null : value));

export const newClassSchema = z.object({
  name: z.string().trim().min(1, 'Give the class a name.').max(120, 'The name can be at most 120 characters.'),
  subject: optionalText(120, 'The subject'),
  grade: optionalText(40, 'The grade'),
});

/** A join code as a student types it: spaces, dashes and lower case are fine (the SDK's rule). */
export const joinCodeSchema = z
  .string()
  .transform(normaliseJoinCode)
  .pipe(z.string().min(1, 'Enter the code your teacher gave you.').regex(JOIN_CODE_PATTERN, 'A class code has 8 letters and digits, like K7PQ2XMA.'));

export const displayNameSchema = displayNameInClassSchema;

export const dailyRunsSchema = z.coerce
  .number({ error: 'Enter a number.' })
  .int('Enter a whole number.')
  .min(1, 'At least 1 run a day.')
  .max(10_000, 'At most 10000 runs a day.');

export const instructionsSchema = z.string().trim().max(4000, 'Instructions can be at most 4000 characters.');
