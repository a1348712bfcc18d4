import type { JsonValue } from '@appforge/engine';
import { Badge, Button } from '@appforge/ui';
import { useState } from 'react';
import type { Draft } from './answers';
import { ChoiceButtons } from './ChoiceButtons';
import { InputStepForm } from './InputStepForm';
import { OfflineBadge } from './OfflineBadge';
import type { RunPhase, RunView } from './run-view';
import { RunTranscript } from './RunTranscript';

export interface PreviewRunViewProps {
  /** The run on screen; null before the first run. */
  readonly view: RunView | null;
  /** A request is on its way (start, answers or a choice). */
  readonly busy: boolean;
  readonly onStart: () => void;
  readonly onSubmitInputs: (values: Record<string, JsonValue>) => void;
  readonly onChoose: (index: number) => void;
  readonly onCancel: () => void;
  /** The first button's words. */
  readonly startLabel?: string | undefined;
  /** Said beside the first button. */
  readonly idleText?: string | undefined;
  /** The accessible name of the region the run's text streams into. */
  readonly outputLabel?: string | undefined;
  /** The button after a failed run. */
  readonly retryLabel?: string | undefined;
}

const STATUS_WORDS: Record<RunPhase, string> = {
  idle: 'Running…',
  streaming: 'Running…',
  awaiting_input: 'Waiting for your answers',
  choice_needed: 'Waiting for your choice',
  done: 'Finished',
  failed: 'Stopped',
};

const EMPTY_DRAFT: Draft = {};

/**
 * A preview run of a draft as its owner sees it, built from the same parts as the visitor's page:
 * the model's words as they stream in (sanitised Markdown), the input step's form checked with
 * the engine's rules, choices as buttons, the offline-model badge, and the end or the failure.
 */
export function PreviewRunView(props: PreviewRunViewProps) {
  const { view, busy, onStart, onSubmitInputs, onChoose, onCancel } = props;
  const [drafts, setDrafts] = useState<Readonly<Record<string, Draft>>>({});
  const [chosen, setChosen] = useState<number | null>(null);
  if (view === null) {
    return (
      <div className="bc-run bc-run--idle">
        <p className="bc-muted">{props.idleText ?? 'Try the draft as a visitor would: answers you give here are not shared.'}</p>
        <Button onClick={onStart} loading={busy}>
          {props.startLabel ?? 'Run preview'}
        </Button>
      </div>
    );
  }
  const streaming = view.phase === 'streaming' || view.phase === 'idle';
  const ended = view.phase === 'done' || view.phase === 'failed';
  const awaiting = view.phase === 'awaiting_input' ? view.awaiting : null;
  const choice = view.phase === 'choice_needed' ? view.choice : null;
  const choose = (index: number) => {
    setChosen(index);
    onChoose(index);
  };
  return (
    <div className="bc-run">
      <div className="bc-run__head">
        <span className="bc-run__status" role="status">
          {STATUS_WORDS[view.phase]}
        </span>
        {view.offline ? <OfflineBadge /> : view.modelLabel !== null ? <Badge tone="neutral">{view.modelLabel}</Badge> : null}
      </div>

      <RunTranscript segments={view.segments} label={props.outputLabel ?? 'Output'} persistent busy={streaming} />

      {awaiting !== null ? (
        <InputStepForm
          key={`${awaiting.stepId}:${view.segments.length}`}
          title={awaiting.title}
          intro={awaiting.intro}
          fields={awaiting.fields}
          submitLabel={awaiting.submitLabel ?? 'Continue'}
          draft={drafts[awaiting.stepId] ?? EMPTY_DRAFT}
          onDraftChange={(draft) => setDrafts((current) => ({ ...current, [awaiting.stepId]: draft }))}
          serverErrors={awaiting.errors}
          busy={busy}
          onSubmit={onSubmitInputs}
        />
      ) : null}

      {choice !== null ? (
        <ChoiceButtons
          key={`${choice.stepId}:${view.segments.length}`}
          prompt={choice.prompt}
          buttons={choice.buttons}
          error={choice.error}
          pending={busy ? chosen : null}
          onChoose={choose}
        />
      ) : null}

      {view.phase === 'failed' && view.failure !== null ? (
        <p className="bc-error" role="alert">
          {view.failure.message}
        </p>
      ) : null}

      <div className="bc-actions">
        {streaming ? (
          <Button variant="secondary" onClick={onCancel}>
            Stop
          </Button>
        ) : (
          <Button variant={ended ? 'primary' : 'ghost'} onClick={onStart} disabled={busy}>
            {view.phase === 'failed' ? (props.retryLabel ?? 'Run again') : ended ? 'Run again' : 'Start over'}
          </Button>
        )}
      </div>
    </div>
  );
}
