import { Badge, formatTimeOfDay, Markdown } from '@appforge/ui';
import type { BadgeTone } from '@appforge/ui';
import { CATEGORY_LABELS, readableOutputs, STATUS_LABELS, textOf } from '../lib/format';
import type { ReadableOutput } from '../lib/format';
import type { ClassLiveOutput, ClassRun, RunStatus } from '../lib/types';

const TONES: Readonly<Record<RunStatus, BadgeTone>> = {
  running: 'brand',
  awaiting_input: 'warning',
  done: 'success',
  failed: 'danger',
};

export interface RunCardProps {
  run: ClassRun;
  /** The student's name in the class (never an e-mail). */
  studentName: string;
  /** Marks the run as flagged by a safety check. */
  flagged?: boolean;
  /** What the AI step being written has produced so far (the class's live channel). */
  live?: ClassLiveOutput | undefined;
}

/** One student run: who, which app, its state, what the student typed and what the AI answered so far. */
export function RunCard({ run, studentName, flagged = false, live }: RunCardProps) {
  const inputs = textOf(run.inputs);
  // The run's outputs once it ends; until then, what its finished steps produced so far and the
  // live text of the step being written (replaced by the step's output once it is saved).
  // Shown as the student saw them (issue 27): rendered Markdown under the results' titles.
  const finalOutputs = readableOutputs(run.outputs);
  const streaming = finalOutputs.length === 0 && run.status === 'running' && live !== undefined && !run.steps.some((step) => step.step_id === live.stepId && step.output !== null);
  const outputs: ReadableOutput[] =
    finalOutputs.length > 0
      ? finalOutputs
      : [
          ...run.steps.flatMap((step, index) => readableOutputs(step.output).map((part) => ({ ...part, key: `${step.step_id}:${index}:${part.key}` }))),
          ...(streaming && live.withheld === null && live.text !== '' ? [{ key: 'live', title: null, kind: 'markdown' as const, body: live.text }] : []),
        ];
  const withheld = streaming && live.withheld !== null ? live.withheld : null;
  const label = `${studentName}: ${run.app_name ?? 'an app'}`;
  return (
    <article className="teacher-run" aria-label={label} data-status={run.status}>
      <header className="teacher-run__header">
        <h3 className="teacher-run__title">
          {studentName} <span className="teacher-muted">· {run.app_name ?? 'App'}</span>
        </h3>
        <span className="teacher-run__badges">
          {flagged ? <Badge tone="danger">Safety alert</Badge> : null}
          <Badge tone={TONES[run.status]}>{STATUS_LABELS[run.status]}</Badge>
        </span>
      </header>
      <p className="teacher-muted">Started {formatTimeOfDay(run.started_at)}</p>
      <div className="teacher-run__exchange">
        <div>
          <h4>Student input</h4>
          <p className="teacher-run__text">{inputs === '' ? <span className="teacher-muted">(no input)</span> : inputs}</p>
        </div>
        <div>
          <h4>AI output</h4>
          <div className="teacher-run__text teacher-run__output" data-live={streaming && withheld === null ? 'true' : undefined}>
            {outputs.length === 0 ? (
              <span className="teacher-muted">{run.status === 'running' ? 'Writing…' : '(no output)'}</span>
            ) : (
              outputs.map((part) => (
                <section key={part.key} aria-label={part.title ?? undefined}>
                  {part.title !== null ? <h5 className="teacher-run__output-title">{part.title}</h5> : null}
                  {part.kind === 'markdown' ? <Markdown source={part.body} /> : <p className="teacher-run__plain">{part.body}</p>}
                </section>
              ))
            )}
          </div>
          {withheld !== null ? (
            <p className="teacher-muted" role="status">
              Hidden while it is written: flagged for {withheld.map((category) => CATEGORY_LABELS[category]).join(', ')}. Review it in Alerts.
            </p>
          ) : null}
          {run.error !== null ? <p className="teacher-error">{run.error.message}</p> : null}
        </div>
      </div>
    </article>
  );
}
