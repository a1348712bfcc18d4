// What a run stream has shown so far, folded event by event (pure; used by useRunStream).
import type { InputField } from '@appforge/engine';
import type { RunStreamEvent } from '../run-events';

export type RunStreamStatus = 'idle' | 'streaming' | 'awaiting_input' | 'choice_needed' | 'done' | 'failed';

export interface RunStreamState {
  status: RunStreamStatus;
  runId: string | null;
  offline: boolean;
  modelLabel: string | null;
  events: RunStreamEvent[];
  /** Text per step id: tokens appended as they arrive, then the final output. */
  outputs: Record<string, string>;
  awaiting: {
    stepId: string;
    title: string;
    fields: readonly InputField[];
    /** Why the last answers were refused (empty the first time). */
    errors: readonly { field: string; code: string; message: string }[];
  } | null;
  choices: { stepId: string; prompt: string | null; options: readonly { index: number; label: string }[] } | null;
  error: { code: string; message: string } | null;
}

export const IDLE_RUN_STREAM: RunStreamState = {
  status: 'idle',
  runId: null,
  offline: false,
  modelLabel: null,
  events: [],
  outputs: {},
  awaiting: null,
  choices: null,
  error: null,
};

/** The state before a start (everything cleared) or a continue (the run so far kept). */
export function beginRunStream(state: RunStreamState, kind: 'start' | 'continue'): RunStreamState {
  const base = kind === 'start' ? IDLE_RUN_STREAM : state;
  return { ...base, status: 'streaming', awaiting: null, choices: null, error: null };
}

export function applyRunEvent(state: RunStreamState, event: RunStreamEvent): RunStreamState {
  const next: RunStreamState = { ...state, events: [...state.events, event] };
  switch (event.type) {
    case 'run':
      return { ...next, runId: event.run_id, offline: event.offline, modelLabel: event.model_label };
    case 'step_started':
      return next;
    case 'token':
      return { ...next, outputs: { ...next.outputs, [event.stepId]: (next.outputs[event.stepId] ?? '') + event.text } };
    case 'step_output':
      return typeof event.value === 'string' ? { ...next, outputs: { ...next.outputs, [event.stepId]: event.value } } : next;
    case 'awaiting_input':
      return {
        ...next,
        status: 'awaiting_input',
        awaiting: { stepId: event.stepId, title: event.title, fields: event.fields, errors: event.errors },
      };
    case 'choice_needed':
      return {
        ...next,
        status: 'choice_needed',
        choices: { stepId: event.stepId, prompt: event.prompt ?? null, options: event.buttons },
      };
    case 'run_done': {
      const outputs = { ...next.outputs };
      for (const output of event.outputs) outputs[output.stepId] = output.markdown;
      return { ...next, status: 'done', outputs };
    }
    case 'run_failed':
    case 'error':
      return { ...next, status: 'failed', error: { code: event.code, message: event.message } };
    default:
      return next;
  }
}
