import type { JsonValue } from '@appforge/engine';
import { Badge, Button, Markdown } from '@appforge/ui';
import type { RunViewModel } from '../lib/run-view-model';
import { RunInputForm } from './RunInputForm';

export interface RunViewProps {
  /** The run on screen; null before the first run. */
  readonly view: RunViewModel | null;
  /** A request is on its way (start, answers or a choice). */
  readonly busy: boolean;
  readonly onStart: () => void;
  readonly onSubmitInputs: (values: Record<string, JsonValue>) => void;
  readonly onChoose: (index: number) => void;
  readonly onCancel: () => void;
  /** The first button's words, e.g. "Run preview". */
  readonly startLabel: string;
}

const STATUS_WORDS: Record<RunViewModel['status'], string> = {
  running: 'Running…',
  awaiting_input: 'Waiting for your answers',
  choice_needed: 'Waiting for your choice',
  done: 'Finished',
  failed: 'Stopped',
};

/**
 * A run as it happens: the model's words as they stream in (rendered as sanitised markdown), the
 * form or buttons the run waits for, the end with "Run again", or the failure in words.
 */
export function RunView({ view, busy, onStart, onSubmitInputs, onChoose, onCancel, startLabel }: RunViewProps) {
  if (view === null) {
    return (
      <div className="bc-run bc-run--idle">
        <p className="bc-muted">Try the draft as a visitor would: answers you give here are not shared.</p>
        <Button onClick={onStart} loading={busy}>
          {startLabel}
        </Button>
      </div>
    );
  }
  const streaming = view.status === 'running';
  return (
    <div className="bc-run">
      <div className="bc-run__head">
        <span className="bc-run__status" role="status">
          {STATUS_WORDS[view.status]}
        </span>
        {view.offline ? (
          <Badge tone="warning" title="No AI provider is configured: the built-in offline model answered.">
            offline model
          </Badge>
        ) : view.modelLabel !== null ? (
          <Badge tone="neutral">{view.modelLabel}</Badge>
        ) : null}
      </div>

      <div className="bc-run__output" aria-label="Output" aria-busy={streaming} role="region">
        {view.blocks.map((block, i) => (
          <article key={`${i}-${block.stepId}`} className={block.streaming ? 'bc-run__block bc-run__block--streaming' : 'bc-run__block'}>
            {block.title !== '' ? <h3 className="bc-run__block-title">{block.title}</h3> : null}
            {block.json ? <pre className="bc-run__json">{block.text}</pre> : <Markdown source={block.text} />}
          </article>
        ))}
      </div>

      {view.awaiting !== null ? (
        <RunInputForm
          key={`${view.awaiting.stepId}-${view.awaiting.errors.length}`}
          title={view.awaiting.title}
          intro={view.awaiting.intro}
          submitLabel={view.awaiting.submitLabel}
          fields={view.awaiting.fields}
          errors={view.awaiting.errors}
          pending={busy}
          onSubmit={onSubmitInputs}
        />
      ) : null}

      {view.choice !== null ? (
        <div className="bc-run__choices" role="group" aria-label={view.choice.prompt ?? 'Choose what happens next'}>
          {view.choice.prompt !== null ? <p>{view.choice.prompt}</p> : null}
          {view.choice.error !== null ? (
            <p className="bc-error" role="alert">
              {view.choice.error}
            </p>
          ) : null}
          <div className="bc-actions">
            {view.choice.buttons.map((button) => (
              <Button key={button.index} variant="secondary" disabled={busy} onClick={() => onChoose(button.index)}>
                {button.label}
              </Button>
            ))}
          </div>
        </div>
      ) : null}

      {view.error !== null ? (
        <p className="bc-error" role="alert">
          {view.error.message}
        </p>
      ) : null}

      <div className="bc-actions">
        {streaming ? (
          <Button variant="secondary" onClick={onCancel}>
            Stop
          </Button>
        ) : (
          <Button variant={view.status === 'done' || view.status === 'failed' ? 'primary' : 'ghost'} onClick={onStart} disabled={busy}>
            {view.status === 'done' || view.status === 'failed' ? 'Run again' : 'Start over'}
          </Button>
        )}
      </div>
    </div>
  );
}
