import { Badge } from '@appforge/ui';
import type { BadgeTone } from '@appforge/ui';
import { formatTime, STATUS_LABELS, textOf } from '../lib/format';
import type { ClassRun, RunStatus } from '../lib/types';

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
}

/** One student run: who, which app, its state, what the student typed and what the AI answered so far. */
export function RunCard({ run, studentName, flagged = false }: RunCardProps) {
  const inputs = textOf(run.inputs);
  // The run's outputs once it ends; until then, what its finished steps produced so far.
  const outputs = textOf(run.outputs) || run.steps.map((step) => textOf(step.output)).filter((text) => text !== '').join('\n');
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
          <p className="teacher-run__text">{outputs === '' ? <span className="teacher-muted">{run.status === 'running' ? 'Writing…' : '(no output)'}</span> : outputs}</p>
          {run.error !== null ? <p className="teacher-error">{run.error.message}</p> : null}
        </div>
      </div>
    </article>
  );
}
