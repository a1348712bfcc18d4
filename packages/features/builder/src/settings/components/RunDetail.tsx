import type { AppRunStepRow, AppRunSummary } from '@appforge/sdk';
import { Badge, formatDateTime, Markdown } from '@appforge/ui';
import { formatDuration, formatTokens, pretty, renderedResults, runnerKind, runStatusLabel, statusLabel, statusTone } from '../lib/run-format';

export interface RunDetailProps {
  run: AppRunSummary;
  steps: readonly AppRunStepRow[];
}

function who(run: AppRunSummary): string {
  const kind = runnerKind(run);
  return kind === 'person' ? 'A signed-in person' : kind === 'visitor' ? 'A visitor (not signed in)' : 'An API call (with a key)';
}

/** The results as the person saw them: each under its title, Markdown rendered (sanitised); other shapes as JSON text. */
function Results({ outputs }: { outputs: unknown }) {
  const results = renderedResults(outputs);
  if (results === null) return <Value value={outputs} />;
  return (
    <div className="settings-results">
      {results.map((result) => (
        <div key={result.key}>
          {result.title.trim() !== '' ? <h4 className="settings-results__title">{result.title}</h4> : null}
          <Markdown source={result.markdown} />
        </div>
      ))}
    </div>
  );
}

function Value({ value }: { value: unknown }) {
  const text = pretty(value);
  if (text === '') return <span className="settings-muted">Nothing</span>;
  // Model output and visitor input are shown as text, never as HTML.
  return <pre className="settings-pre">{text}</pre>;
}

/** One run: who ran it, when, how long, tokens, the inputs, each step's output and timing, errors. */
export function RunDetail({ run, steps }: RunDetailProps) {
  const inputs = Object.entries(run.inputs);
  return (
    <div className="settings-run-detail">
      <dl className="settings-facts">
        <div>
          <dt>Status</dt>
          <dd>
            <Badge tone={statusTone(run.status)}>{runStatusLabel(run)}</Badge>
          </dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{formatDateTime(run.created_at)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{formatDuration(run.duration_ms)}</dd>
        </div>
        <div>
          <dt>Tokens</dt>
          <dd>{formatTokens(run.usage)}</dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>{run.version_number === null ? 'Unknown' : `v${run.version_number}`}</dd>
        </div>
        <div>
          <dt>Run by</dt>
          <dd>{who(run)}</dd>
        </div>
      </dl>
      {run.error ? (
        <div className="settings-run-detail__error" role="note">
          <strong>The run failed{run.error.stepId ? ` at step “${run.error.stepId}”` : ''}:</strong> {run.error.message}{' '}
          <span className="settings-muted">({run.error.code})</span>
        </div>
      ) : null}
      <section aria-labelledby={`inputs-${run.id}`}>
        <h3 id={`inputs-${run.id}`} className="settings-subheading">
          Inputs
        </h3>
        {inputs.length === 0 ? (
          <p className="settings-muted">This run had no inputs.</p>
        ) : (
          <dl className="settings-values">
            {inputs.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>
                  <Value value={value} />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section aria-labelledby={`steps-${run.id}`}>
        <h3 id={`steps-${run.id}`} className="settings-subheading">
          Steps
        </h3>
        {steps.length === 0 ? (
          <p className="settings-muted">No step has run yet.</p>
        ) : (
          <ol className="settings-steps">
            {steps.map((step, index) => (
              <li key={`${step.step_id}-${index}`} className="settings-step">
                <div className="settings-step__head">
                  <span className="settings-step__title">
                    {index + 1}. {step.step_id} <span className="settings-muted">({step.kind})</span>
                  </span>
                  <Badge tone={statusTone(step.status)}>{statusLabel(step.status)}</Badge>
                </div>
                <p className="settings-step__meta">
                  {[
                    formatDuration(step.duration_ms),
                    step.usage ? formatTokens(step.usage) : null,
                    step.started_at ? `started ${formatDateTime(step.started_at)}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <Value value={step.output} />
              </li>
            ))}
          </ol>
        )}
      </section>
      {run.outputs !== null && run.outputs !== undefined ? (
        <section aria-labelledby={`outputs-${run.id}`}>
          <h3 id={`outputs-${run.id}`} className="settings-subheading">
            Final outputs
          </h3>
          <Results outputs={run.outputs} />
        </section>
      ) : null}
    </div>
  );
}
