import type { Problem } from '@appforge/engine';
import { Link } from 'react-router';

export interface ProblemListProps {
  problems: readonly Problem[];
  /** Where a problem of a step links to (the step's page); none links when absent. */
  stepHref?: (stepId: string) => string;
  /** Shown when there is nothing to report. */
  emptyText?: string;
  title?: string;
  /**
   * Said when part of the checks has not run (e.g. the api steps while the creator's APIs load):
   * instead of `emptyText`, which would claim there are no problems, and below any problems found.
   */
  incomplete?: string | undefined;
}

/** The engine's validation messages: errors block running and deploying, warnings do not. */
export function ProblemList({ problems, stepHref, emptyText = 'No problems: this version can run.', title = 'Checks', incomplete }: ProblemListProps) {
  const errors = problems.filter((problem) => problem.severity === 'error');
  const warnings = problems.filter((problem) => problem.severity === 'warning');
  const summary =
    problems.length === 0
      ? (incomplete ?? emptyText)
      : [errors.length ? `${errors.length} error${errors.length === 1 ? '' : 's'}` : null, warnings.length ? `${warnings.length} warning${warnings.length === 1 ? '' : 's'}` : null]
          .filter(Boolean)
          .join(', ');
  return (
    <section className="editor-problems" aria-label={title}>
      <p className={`editor-problems__summary ${errors.length ? 'editor-problems__summary--error' : ''}`} aria-live="polite">
        <strong>{title}:</strong> {summary}
      </p>
      {problems.length > 0 ? (
        <ul className="editor-problems__list">
          {problems.map((problem, i) => (
            <li key={`${problem.code}-${problem.stepId ?? ''}-${problem.field}-${i}`} className={`editor-problems__item editor-problems__item--${problem.severity}`}>
              <span className="editor-problems__severity">{problem.severity === 'error' ? 'Error' : 'Warning'}</span>{' '}
              {problem.stepId && stepHref ? <Link to={stepHref(problem.stepId)}>{problem.message}</Link> : problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      {incomplete && problems.length > 0 ? <p className="editor-hint">{incomplete}</p> : null}
    </section>
  );
}
