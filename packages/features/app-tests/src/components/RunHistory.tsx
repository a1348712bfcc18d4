import type { AppTestRunRow } from '@appforge/sdk';
import { Badge, Button, Time } from '@appforge/ui';
import type { ReactNode } from 'react';

export interface RunHistoryProps {
  runs: readonly AppTestRunRow[];
  /** The signed-in person, to say "You". */
  userId: string | null;
  /** The run whose results are open. */
  openId: string | null;
  onToggle: (testRunId: string) => void;
  /** The open run's results. */
  details: ReactNode;
}

function who(run: AppTestRunRow, userId: string | null): string {
  if (run.started_by === null) return 'An API call';
  return run.started_by === userId ? 'You' : 'Someone else';
}

function outcome(run: AppTestRunRow): ReactNode {
  if (run.status === 'running') return <Badge>Running</Badge>;
  if (run.status === 'failed') return <Badge tone="danger">Stopped{run.error ? `: ${run.error.message}` : ''}</Badge>;
  const tone = run.failed > 0 ? 'danger' : run.needs_update > 0 ? 'warning' : 'success';
  return <Badge tone={tone}>{`${run.passed} of ${run.case_count} passed`}</Badge>;
}

/** Earlier test runs: who ran them, when, on which version, and how many cases passed. */
export function RunHistory({ runs, userId, openId, onToggle, details }: RunHistoryProps) {
  return (
    <section className="app-tests-section" aria-labelledby="app-tests-history-title">
      <h2 id="app-tests-history-title">Previous test runs</h2>
      {runs.length === 0 ? (
        <p className="app-tests-muted">No test run yet. Runs you start here are kept, with each case's result.</p>
      ) : (
        <ul className="app-tests-history" aria-label="Previous test runs">
          {runs.map((run) => (
            <li key={run.id} className="app-tests-history__row">
              <div className="app-tests-case__head">
                <span>
                  {who(run, userId)} · <Time value={run.started_at} /> · {run.version_number === null ? 'a removed version' : `version ${run.version_number}`}
                </span>
                {outcome(run)}
                <Button variant="ghost" size="sm" aria-expanded={openId === run.id} onClick={() => onToggle(run.id)}>
                  {openId === run.id ? 'Hide results' : 'Show results'}
                </Button>
              </div>
              {openId === run.id ? details : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
