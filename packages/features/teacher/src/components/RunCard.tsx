import { Badge } from '@appforge/ui';
import type { BadgeTone } from '@appforge/ui';
import { CATEGORY_LABELS, formatTime, STATUS_LABELS, textOf } from '../lib/format';
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
  const finalOutputs = textOf(run.outputs);
  const streaming = finalOutputs === '' && run.status === 'running' && live !== undefined && !run.steps.some((step) => step.step_id === live.stepId && step.output !== null);
  const outputs =
    finalOutputs ||
    [...run.steps.map((step) => textOf(step.output)), streaming && live.withheld === null ? live.text : '']
      .filter((text) => text !== '')
      .join('\n');
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
      <p className="teacher-muted">Started {formatTime(run.started_at)}</p>
      <div className="teacher-run__exchange">
        <div>
          <h4>Student input</h4>
          <p className="teacher-run__text">{inputs === '' ? <span className="teacher-muted">(no input)</span> : inputs}</p>
        </div>
        <div>
          <h4>AI output</h4>
          <p className="teacher-run__text" data-live={streaming && withheld === null ? 'true' : undefined}>
            {outputs === '' ? <span className="teacher-muted">{run.status === 'running' ? 'Writing…' : '(no output)'}</span> : outputs}
          </p>
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
