import type { JsonValue } from '@appforge/engine';
import { useRunStream } from '@appforge/sdk/react';
import { Badge, Button, Markdown } from '@appforge/ui';
import { useMemo } from 'react';
import { previewBlocks } from '../lib/preview-blocks';
import { PreviewInputForm } from './PreviewInputForm';

export interface DraftPreviewProps {
  readonly appId: string;
  readonly versionId: string;
  readonly versionNumber: number;
}

const STATUS_WORDS = {
  idle: null,
  streaming: 'Running…',
  awaiting_input: 'Waiting for your answers',
  choice_needed: 'Waiting for your choice',
  done: 'Finished',
  failed: 'Stopped',
} as const;

/**
 * Runs the version on screen as a draft, as its owner (run-app with version_id, owner-only on the
 * server): the form an input step asks for, the model's words as they stream in (sanitised
 * markdown), choices as buttons, and an "Offline model" badge when the built-in model answered.
 */
export function DraftPreview({ appId, versionId, versionNumber }: DraftPreviewProps) {
  const run = useRunStream();
  const { state } = run;
  const blocks = useMemo(() => previewBlocks(state.events), [state.events]);
  const streaming = state.status === 'streaming';
  const started = state.status !== 'idle' || state.events.length > 0;

  const start = () => void run.start({ appId, versionId });
  const answer = (inputs: Record<string, JsonValue>) => void run.continue({ appId, inputs });
  const choose = (choice: number) => void run.continue({ appId, choice });

  return (
    <section className="aib-panel aib-preview" aria-labelledby="aib-preview-title">
      <div className="aib-panel__head">
        <h2 id="aib-preview-title">Preview of version {versionNumber}</h2>
        {state.offline ? (
          <Badge tone="warning" title="No AI service is connected: Appforge's built-in offline model answered.">
            Offline model
          </Badge>
        ) : state.modelLabel !== null ? (
          <Badge tone="neutral">{state.modelLabel}</Badge>
        ) : null}
      </div>

      {!started ? (
        <div className="aib-preview__idle">
          <p className="aib-muted">Try this version as a visitor would. Preview runs are yours only and do not change the app.</p>
          <Button onClick={start}>Run preview</Button>
        </div>
      ) : (
        <>
          {STATUS_WORDS[state.status] !== null ? (
            <p className="aib-preview__status" role="status">
              {STATUS_WORDS[state.status]}
            </p>
          ) : null}
          <div className="aib-preview__output" role="region" aria-label="Preview output" aria-busy={streaming}>
            {blocks.length === 0 && streaming ? <p className="aib-muted">Starting…</p> : null}
            {blocks.map((block, index) => (
              <article key={`${index}-${block.stepId}`} className={block.streaming ? 'aib-block aib-block--streaming' : 'aib-block'}>
                {block.title !== '' ? <h3 className="aib-block__title">{block.title}</h3> : null}
                {block.json ? <pre className="aib-block__json">{block.text}</pre> : <Markdown source={block.text} />}
              </article>
            ))}
          </div>

          {state.status === 'awaiting_input' && state.awaiting !== null ? (
            <PreviewInputForm
              key={`${state.awaiting.stepId}-${state.events.length}`}
              title={state.awaiting.title}
              fields={state.awaiting.fields}
              errors={state.awaiting.errors}
              busy={streaming}
              onSubmit={answer}
            />
          ) : null}

          {state.status === 'choice_needed' && state.choices !== null ? (
            <div className="aib-choices" role="group" aria-label={state.choices.prompt ?? 'Choose what happens next'}>
              {state.choices.prompt !== null ? <p>{state.choices.prompt}</p> : null}
              <div className="aib-actions">
                {state.choices.options.map((option) => (
                  <Button key={option.index} variant="secondary" onClick={() => choose(option.index)}>
                    {option.label}
                  </Button>
                ))}
              </div>
            </div>
          ) : null}

          {state.status === 'failed' && state.error !== null ? (
            <p className="aib-error" role="alert">
              {state.error.message}
            </p>
          ) : null}

          <div className="aib-actions">
            {streaming ? (
              <Button variant="secondary" onClick={() => run.cancel()}>
                Stop
              </Button>
            ) : (
              <Button variant={state.status === 'done' || state.status === 'failed' ? 'primary' : 'ghost'} onClick={start}>
                {state.status === 'failed' ? 'Try again' : state.status === 'done' ? 'Run again' : 'Start over'}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
