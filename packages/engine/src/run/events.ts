import type { InputField } from '../spec/input-fields';
import type { StepKind } from '../spec/steps';
import type { TokenUsage } from './capabilities';
import type { FieldError, JsonValue, RunFailureCode, RunOutput } from './run-state';

export interface ModelInfo {
  readonly id: string;
  readonly label: string;
  readonly offline: boolean;
}

/** What a run reports, in order, as it happens. Every event is plain JSON (ready for SSE). */
export type RunEvent =
  | { readonly type: 'run_started'; readonly runId: string | null; readonly stepId: string; readonly resumed: boolean; readonly model: ModelInfo }
  | { readonly type: 'step_started'; readonly stepId: string; readonly kind: StepKind; readonly title: string }
  | { readonly type: 'token'; readonly stepId: string; readonly text: string }
  | { readonly type: 'step_output'; readonly stepId: string; readonly variable?: string; readonly value: JsonValue }
  | {
      readonly type: 'awaiting_input';
      readonly stepId: string;
      readonly title: string;
      readonly intro?: string;
      readonly submitLabel?: string;
      readonly fields: readonly InputField[];
      /** Empty the first time; the reasons the last answers were refused afterwards. */
      readonly errors: readonly FieldError[];
    }
  | {
      readonly type: 'choice_needed';
      readonly stepId: string;
      readonly prompt?: string;
      readonly buttons: readonly { readonly index: number; readonly label: string }[];
      /** Set when the previous choice was refused (e.g. a button that does not exist). */
      readonly error?: string;
    }
  | {
      readonly type: 'run_done';
      readonly outputs: readonly RunOutput[];
      readonly variables: Readonly<Record<string, JsonValue>>;
      readonly usage: TokenUsage;
    }
  | { readonly type: 'run_failed'; readonly stepId?: string; readonly code: RunFailureCode; readonly message: string };

export type RunEventType = RunEvent['type'];
