import { z } from 'zod';

import { LIMITS } from './limits';
import { stepIdSchema, targetSchema, variableRefSchema } from './names';

export const CONDITION_OPERATORS = ['eq', 'neq', 'contains', 'gt', 'lt', 'gte', 'lte', 'empty', 'not_empty'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const conditionSchema = z.object({
  variable: variableRefSchema,
  op: z.enum(CONDITION_OPERATORS, { error: `A condition compares with one of: ${CONDITION_OPERATORS.join(', ')}.` }),
  value: z.union([z.string().max(LIMITS.conditionValueLength), z.number(), z.boolean()]).optional(),
});

export const nextSchema = z.discriminatedUnion(
  'type',
  [
    /** The following step in order (no stepId), or a fixed step. */
    z.object({ type: z.literal('step'), stepId: stepIdSchema.optional() }),
    z.object({ type: z.literal('end') }),
    z.object({
      type: z.literal('conditions'),
      conditions: z
        .array(z.object({ when: conditionSchema, goto: targetSchema }))
        .max(LIMITS.conditions, { error: `A step checks at most ${LIMITS.conditions} conditions.` }),
      otherwise: targetSchema,
    }),
    z.object({
      type: z.literal('choices'),
      prompt: z.string().max(LIMITS.labelLength).optional(),
      buttons: z
        .array(
          z.object({
            label: z
              .string()
              .trim()
              .min(1, { error: 'A button needs a label.' })
              .max(LIMITS.buttonLabelLength, { error: `A button label has at most ${LIMITS.buttonLabelLength} characters.` }),
            goto: targetSchema,
          }),
        )
        .max(LIMITS.buttons, { error: `A step offers at most ${LIMITS.buttons} buttons.` }),
    }),
  ],
  { error: 'next.type is one of step, end, conditions, choices.' },
);

export type Next = z.output<typeof nextSchema>;
export type Condition = z.output<typeof conditionSchema>;
