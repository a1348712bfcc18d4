// The events of a run stream (run-app's server-sent events), checked before a screen sees them.
import type { RunEvent } from '@appforge/engine';
import { z } from 'zod';

export type RunStreamEvent =
  | { type: 'run'; run_id: string; offline: boolean; model_label: string }
  | RunEvent
  | { type: 'error'; code: string; message: string };

const stepId = z.string().min(1);

// Loose objects: the engine may add fields; the ones a screen relies on are required.
const runEventSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('run_started'), stepId, resumed: z.boolean() }),
  z.looseObject({ type: z.literal('step_started'), stepId, kind: z.string(), title: z.string() }),
  z.looseObject({ type: z.literal('token'), stepId, text: z.string() }),
  z.looseObject({ type: z.literal('step_output'), stepId, value: z.unknown() }),
  z.looseObject({
    type: z.literal('awaiting_input'),
    stepId,
    title: z.string(),
    fields: z.array(z.looseObject({ name: z.string(), type: z.string() })),
    errors: z.array(z.looseObject({ field: z.string(), code: z.string(), message: z.string() })),
  }),
  z.looseObject({
    type: z.literal('choice_needed'),
    stepId,
    buttons: z.array(z.object({ index: z.number().int(), label: z.string() })),
  }),
  z.looseObject({
    type: z.literal('run_done'),
    outputs: z.array(z.looseObject({ stepId: z.string(), title: z.string(), markdown: z.string() })),
    variables: z.record(z.string(), z.unknown()),
    usage: z.looseObject({ inputTokens: z.number(), outputTokens: z.number() }),
  }),
  z.looseObject({ type: z.literal('run_failed'), code: z.string(), message: z.string() }),
]);

const runHeaderSchema = z.object({ run_id: z.string(), offline: z.boolean(), model_label: z.string() });
const errorEventSchema = z.object({ code: z.string(), message: z.string() });

/** The stream's last event: after it the server closes the stream. */
export const TERMINAL_RUN_EVENTS: ReadonlySet<RunStreamEvent['type']> = new Set([
  'run_done',
  'run_failed',
  'awaiting_input',
  'choice_needed',
  'error',
]);

/** One SSE message as a RunStreamEvent, or null when it is not one (unknown events are skipped). */
export function toRunStreamEvent(event: string, data: unknown): RunStreamEvent | { type: 'invalid' } | null {
  if (event === 'run') {
    const parsed = runHeaderSchema.safeParse(data);
    return parsed.success ? { type: 'run', ...parsed.data } : { type: 'invalid' };
  }
  if (event === 'error') {
    const parsed = errorEventSchema.safeParse(data);
    return parsed.success ? { type: 'error', ...parsed.data } : { type: 'invalid' };
  }
  const parsed = runEventSchema.safeParse(data);
  if (!parsed.success) return parsed.error.issues.some((issue) => issue.path[0] === 'type') ? null : { type: 'invalid' };
  // Checked above field by field for what screens read; the rest is the engine's RunEvent as sent.
  return parsed.data as unknown as RunEvent;
}
