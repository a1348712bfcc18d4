// What the visitor sees of a run, derived from its stream of events: the text of each AI step as
// its tokens arrive, each output step's result, what the run waits for, and how it ended.
import type { InputField, RunOutput } from '@appforge/engine';
import type { RunStreamEvent } from '@appforge/sdk';

/** The events run-app streams: the run's own header, the engine's events, and a stream error. */
export type RunViewEvent = RunStreamEvent;

export interface RunSegment {
  /** Unique within the view (a step that runs twice gets two segments). */
  readonly key: string;
  readonly stepId: string;
  readonly kind: 'ai' | 'output';
  readonly title: string;
  /** Markdown: the tokens so far, then the step's final text. */
  readonly markdown: string;
  /** True while tokens still arrive for it. */
  readonly streaming: boolean;
}

export interface AwaitingInput {
  readonly stepId: string;
  readonly title: string;
  readonly intro?: string | undefined;
  readonly submitLabel?: string | undefined;
  readonly fields: readonly InputField[];
  /** Field name → why the server refused the last answers. */
  readonly errors: Readonly<Record<string, string>>;
}

export interface ChoiceNeeded {
  readonly stepId: string;
  readonly prompt?: string | undefined;
  readonly buttons: readonly { readonly index: number; readonly label: string }[];
  readonly error?: string | undefined;
}

export type RunPhase = 'idle' | 'streaming' | 'awaiting_input' | 'choice_needed' | 'done' | 'failed';

export interface RunView {
  readonly phase: RunPhase;
  readonly runId: string | null;
  /** The offline model served this run (PRODUCT.md §2: labelled wherever its output shows). */
  readonly offline: boolean;
  readonly modelLabel: string | null;
  readonly segments: readonly RunSegment[];
  readonly awaiting: AwaitingInput | null;
  readonly choice: ChoiceNeeded | null;
  /** The output steps' results once the run is done. */
  readonly outputs: readonly RunOutput[] | null;
  readonly failure: { readonly code: string; readonly message: string } | null;
  /** Step id → title, from the steps that started (output steps' results carry no title). */
  readonly titles: Readonly<Record<string, string>>;
}

export const IDLE_VIEW: RunView = {
  phase: 'idle',
  runId: null,
  offline: false,
  modelLabel: null,
  segments: [],
  awaiting: null,
  choice: null,
  outputs: null,
  failure: null,
  titles: {},
};

function asMarkdown(value: unknown): string {
  if (typeof value === 'string') return value;
  // A JSON answer shows as a code block (its text is still sanitised by the Markdown renderer).
  return `\`\`\`json\n${JSON.stringify(value, null, 2).replaceAll('```', '`\u200b``')}\n\`\`\``;
}

/** Folds one event into the view. Pure: the same events always give the same view. */
export function reduceRunEvent(view: RunView, event: RunViewEvent, index: number): RunView {
  switch (event.type) {
    case 'run':
      return { ...view, phase: 'streaming', runId: event.run_id, offline: event.offline, modelLabel: event.model_label, failure: null };
    case 'run_started':
      return {
        ...view,
        phase: 'streaming',
        runId: view.runId ?? event.runId,
        offline: view.offline || event.model.offline,
        modelLabel: view.modelLabel ?? event.model.label,
        awaiting: null,
        choice: null,
      };
    case 'step_started': {
      const phase: RunPhase = 'streaming';
      const titles = { ...view.titles, [event.stepId]: event.title };
      if (event.kind !== 'ai') return { ...view, phase, titles, awaiting: null, choice: null };
      const segment: RunSegment = { key: `${event.stepId}:${index}`, stepId: event.stepId, kind: 'ai', title: event.title, markdown: '', streaming: true };
      return { ...view, phase, titles, awaiting: null, choice: null, segments: [...view.segments, segment] };
    }
    case 'token': {
      const at = findOpen(view.segments, event.stepId);
      if (at === -1) {
        const segment: RunSegment = { key: `${event.stepId}:${index}`, stepId: event.stepId, kind: 'ai', title: '', markdown: event.text, streaming: true };
        return { ...view, phase: 'streaming', segments: [...view.segments, segment] };
      }
      return { ...view, phase: 'streaming', segments: replaceAt(view.segments, at, (s) => ({ ...s, markdown: s.markdown + event.text })) };
    }
    case 'step_output': {
      const at = findOpen(view.segments, event.stepId);
      if (at !== -1) {
        return { ...view, segments: replaceAt(view.segments, at, (s) => ({ ...s, markdown: asMarkdown(event.value), streaming: false })) };
      }
      // An output step's result arrives whole (input, database and api steps show nothing here).
      if (typeof event.value === 'string' && event.variable === undefined) {
        const segment: RunSegment = { key: `${event.stepId}:${index}`, stepId: event.stepId, kind: 'output', title: view.titles[event.stepId] ?? '', markdown: event.value, streaming: false };
        return { ...view, segments: [...view.segments, segment] };
      }
      return view;
    }
    case 'awaiting_input': {
      const errors = Object.create(null) as Record<string, string>;
      for (const error of event.errors) errors[error.field] ??= error.message;
      return {
        ...view,
        phase: 'awaiting_input',
        segments: closeAll(view.segments),
        choice: null,
        awaiting: { stepId: event.stepId, title: event.title, intro: event.intro, submitLabel: event.submitLabel, fields: event.fields, errors },
      };
    }
    case 'choice_needed':
      return {
        ...view,
        phase: 'choice_needed',
        segments: closeAll(view.segments),
        awaiting: null,
        choice: { stepId: event.stepId, prompt: event.prompt, buttons: event.buttons, error: event.error },
      };
    case 'run_done':
      return { ...view, phase: 'done', segments: closeAll(view.segments), awaiting: null, choice: null, outputs: event.outputs };
    case 'run_failed':
      return { ...view, phase: 'failed', segments: closeAll(view.segments), awaiting: null, choice: null, failure: { code: event.code, message: event.message } };
    case 'error':
      return { ...view, phase: 'failed', segments: closeAll(view.segments), awaiting: null, choice: null, failure: { code: event.code, message: event.message } };
  }
}

export function buildRunView(events: readonly RunViewEvent[], start: RunView = IDLE_VIEW): RunView {
  return events.reduce<RunView>((view, event, index) => reduceRunEvent(view, event, index), start);
}

/**
 * What to show as the run's results: the output steps' texts, or, for an app without an output
 * step, what its AI steps wrote.
 */
export function resultsOf(view: RunView): readonly { readonly key: string; readonly title: string; readonly markdown: string }[] {
  if (view.outputs && view.outputs.length > 0) {
    return view.outputs.map((output, index) => ({ key: `${output.stepId}:${index}`, title: output.title, markdown: output.markdown }));
  }
  return view.segments.filter((s) => s.markdown.trim() !== '').map((s) => ({ key: s.key, title: s.title, markdown: s.markdown }));
}

function findOpen(segments: readonly RunSegment[], stepId: string): number {
  for (let i = segments.length - 1; i >= 0; i -= 1) {
    const segment = segments[i];
    if (segment?.stepId === stepId && segment.streaming) return i;
  }
  return -1;
}

function replaceAt(segments: readonly RunSegment[], at: number, change: (segment: RunSegment) => RunSegment): RunSegment[] {
  return segments.map((segment, i) => (i === at ? change(segment) : segment));
}

function closeAll(segments: readonly RunSegment[]): readonly RunSegment[] {
  return segments.some((s) => s.streaming) ? segments.map((s) => (s.streaming ? { ...s, streaming: false } : s)) : segments;
}

/** What the SDK's run stream (useRunStream's state) holds that the view needs. */
export interface RunStreamSnapshot {
  readonly status: 'idle' | 'streaming' | 'awaiting_input' | 'choice_needed' | 'done' | 'failed';
  readonly events: readonly RunViewEvent[];
  /** A request refused before its first event (e.g. 403 draft_owner_only). */
  readonly error: { readonly code: string; readonly message: string } | null;
}

/**
 * The view of a run stream for a preview: null before the first run; a refusal before any event
 * and a run the person stopped show as failures in words, like any other.
 */
export function runViewOfStream(stream: RunStreamSnapshot, stopped: boolean): RunView | null {
  if (stream.status === 'idle' && stream.events.length === 0 && !stopped) return null;
  let view = buildRunView(stream.events);
  if (stream.status === 'streaming' && view.phase === 'idle') view = { ...view, phase: 'streaming' };
  if (stream.error !== null && view.phase !== 'failed') view = reduceRunEvent(view, { type: 'error', ...stream.error }, stream.events.length);
  if (stopped && stream.status === 'idle') view = reduceRunEvent(view, { type: 'error', code: 'cancelled', message: 'You stopped the run.' }, stream.events.length);
  return view;
}
