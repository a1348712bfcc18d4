// What a preview run looks like on screen, derived from the stream of run events (run-app's SSE
// as the SDK parses it): the blocks of text in order (tokens appended as they arrive), the form
// or the buttons the run waits for, the end, or the failure in words.
import type { FieldError, InputField, JsonValue, RunEvent, StepKind } from '@appforge/engine';

/** One event of a run stream: the run's identity, an engine event, or a transport error. */
export type PreviewEvent =
  | { readonly type: 'run'; readonly run_id: string; readonly offline: boolean; readonly model_label: string }
  | RunEvent
  | { readonly type: 'error'; readonly code: string; readonly message: string };

export interface RunBlock {
  readonly stepId: string;
  readonly kind: StepKind;
  readonly title: string;
  /** Markdown (sanitised when rendered). */
  readonly text: string;
  /** True while the model is still writing it. */
  readonly streaming: boolean;
  /** JSON outputs are shown as data, not prose. */
  readonly json: boolean;
}

export interface AwaitedInput {
  readonly stepId: string;
  readonly title: string;
  readonly intro: string | null;
  readonly submitLabel: string | null;
  readonly fields: readonly InputField[];
  readonly errors: readonly FieldError[];
}

export interface AwaitedChoice {
  readonly stepId: string;
  readonly prompt: string | null;
  readonly buttons: readonly { readonly index: number; readonly label: string }[];
  readonly error: string | null;
}

export type RunViewStatus = 'running' | 'awaiting_input' | 'choice_needed' | 'done' | 'failed';

export interface RunViewModel {
  readonly status: RunViewStatus;
  readonly runId: string | null;
  readonly offline: boolean;
  readonly modelLabel: string | null;
  readonly blocks: readonly RunBlock[];
  readonly awaiting: AwaitedInput | null;
  readonly choice: AwaitedChoice | null;
  readonly error: { readonly code: string; readonly message: string; readonly stepId: string | null } | null;
}

export const INITIAL_RUN_VIEW: RunViewModel = {
  status: 'running',
  runId: null,
  offline: false,
  modelLabel: null,
  blocks: [],
  awaiting: null,
  choice: null,
  error: null,
};

function jsonText(value: JsonValue): string {
  return JSON.stringify(value, null, 2);
}

function replaceLast(blocks: readonly RunBlock[], stepId: string, change: (block: RunBlock) => RunBlock): RunBlock[] {
  const next = [...blocks];
  for (let i = next.length - 1; i >= 0; i -= 1) {
    const block = next[i];
    if (block?.stepId === stepId) {
      next[i] = change(block);
      return next;
    }
  }
  return next;
}

/** Applies one event. Pure: the same events always give the same screen. */
export function applyRunEvent(view: RunViewModel, event: PreviewEvent): RunViewModel {
  switch (event.type) {
    case 'run':
      return { ...view, runId: event.run_id, offline: event.offline, modelLabel: event.model_label };
    case 'run_started':
      return {
        ...view,
        status: 'running',
        runId: view.runId ?? event.runId,
        offline: view.offline || event.model.offline,
        modelLabel: view.modelLabel ?? event.model.label,
        awaiting: null,
        choice: null,
        error: null,
      };
    case 'step_started':
      if (event.kind === 'ai') {
        return {
          ...view,
          status: 'running',
          awaiting: null,
          choice: null,
          blocks: [...view.blocks, { stepId: event.stepId, kind: event.kind, title: event.title, text: '', streaming: true, json: false }],
        };
      }
      return { ...view, status: 'running', awaiting: null, choice: null };
    case 'token':
      return { ...view, blocks: replaceLast(view.blocks, event.stepId, (block) => ({ ...block, text: block.text + event.text })) };
    case 'step_output': {
      const streamed = view.blocks.at(-1);
      if (streamed?.stepId === event.stepId && streamed.streaming) {
        return {
          ...view,
          blocks: replaceLast(view.blocks, event.stepId, (block) =>
            typeof event.value === 'string'
              ? { ...block, text: event.value, streaming: false }
              : { ...block, text: jsonText(event.value), streaming: false, json: true },
          ),
        };
      }
      // An output step's rendered markdown (input, database and api outputs are not shown).
      if (typeof event.value === 'string' && event.variable === undefined) {
        return { ...view, blocks: [...view.blocks, { stepId: event.stepId, kind: 'output', title: '', text: event.value, streaming: false, json: false }] };
      }
      return view;
    }
    case 'awaiting_input':
      return {
        ...view,
        status: 'awaiting_input',
        choice: null,
        awaiting: {
          stepId: event.stepId,
          title: event.title,
          intro: event.intro ?? null,
          submitLabel: event.submitLabel ?? null,
          fields: event.fields,
          errors: event.errors,
        },
      };
    case 'choice_needed':
      return {
        ...view,
        status: 'choice_needed',
        awaiting: null,
        choice: { stepId: event.stepId, prompt: event.prompt ?? null, buttons: event.buttons, error: event.error ?? null },
      };
    case 'run_done':
      return { ...view, status: 'done', awaiting: null, choice: null, blocks: view.blocks.map((block) => ({ ...block, streaming: false })) };
    case 'run_failed':
      return {
        ...view,
        status: 'failed',
        awaiting: null,
        choice: null,
        blocks: view.blocks.map((block) => ({ ...block, streaming: false })),
        error: { code: event.code, message: event.message, stepId: event.stepId ?? null },
      };
    case 'error':
      return {
        ...view,
        status: 'failed',
        awaiting: null,
        choice: null,
        blocks: view.blocks.map((block) => ({ ...block, streaming: false })),
        error: { code: event.code, message: event.message, stepId: null },
      };
  }
}

/** The screen after all these events. */
export function runViewOf(events: readonly PreviewEvent[]): RunViewModel {
  return events.reduce(applyRunEvent, INITIAL_RUN_VIEW);
}

/** What the SDK's run stream (useRunStream) holds that the screen needs. */
export interface RunStreamSnapshot {
  readonly status: 'idle' | 'streaming' | 'awaiting_input' | 'choice_needed' | 'done' | 'failed';
  readonly events: readonly PreviewEvent[];
  /** A request refused before its first event (e.g. 403 draft_owner_only). */
  readonly error: { readonly code: string; readonly message: string } | null;
}

/**
 * The screen for a run stream: null before the first run; a refusal before any event and a run
 * the person stopped are shown in words like any other failure.
 */
export function runViewOfStream(stream: RunStreamSnapshot, stopped: boolean): RunViewModel | null {
  if (stream.status === 'idle' && stream.events.length === 0 && !stopped) return null;
  let view = runViewOf(stream.events);
  if (stream.error !== null && view.status !== 'failed') view = applyRunEvent(view, { type: 'error', ...stream.error });
  if (stopped && stream.status === 'idle') view = applyRunEvent(view, { type: 'error', code: 'cancelled', message: 'You stopped the run.' });
  return view;
}
