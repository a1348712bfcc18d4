import { Badge } from '@appforge/ui';
import type { BadgeTone } from '@appforge/ui';

export interface CaseResultView {
  key: string;
  name: string;
  status: 'running' | 'passed' | 'failed' | 'needs_update' | 'error';
  /** Set for a failure when the case only warns. */
  warnOnly?: boolean;
  reason: string | null;
  output: string | null;
  /** "n of m runs pass": how many times the case ran, how many of those passed (null until it ran), how many had to. */
  runs?: { total: number; passed: number | null; needed: number };
}

/** "2 of 3 runs passed (2 needed)" for a case that runs more than once and has run. */
function runsText(runs: CaseResultView['runs']): string | null {
  if (!runs || runs.total <= 1 || runs.passed === null) return null;
  return `${runs.passed} of ${runs.total} runs passed (${runs.needed} needed)`;
}

const LABEL: Record<CaseResultView['status'], string> = {
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
  needs_update: 'Needs update',
  error: 'Could not run',
};
const TONE: Record<CaseResultView['status'], BadgeTone> = { running: 'neutral', passed: 'success', failed: 'danger', needs_update: 'warning', error: 'danger' };

/** Each case of a test run: pass or fail, why, and what the app answered. */
export function CaseResults({ results, label }: { results: readonly CaseResultView[]; label: string }) {
  return (
    <ul className="app-tests-results" aria-label={label}>
      {results.map((result) => {
        const runs = runsText(result.runs);
        return (
          <li key={result.key} className="app-tests-result" aria-label={result.name}>
            <div className="app-tests-case__head">
              <span className="app-tests-result__name">{result.name}</span>
              <Badge tone={result.status === 'failed' && result.warnOnly ? 'warning' : TONE[result.status]}>{LABEL[result.status]}</Badge>
              {result.status === 'failed' && result.warnOnly ? <span className="app-tests-muted">(warn only)</span> : null}
              {runs ? <span className="app-tests-muted">{runs}</span> : null}
            </div>
            {result.reason ? <p className="app-tests-result__reason">{result.reason}</p> : null}
            {result.output !== null ? (
              <details>
                <summary>Output</summary>
                {/* The app's output is shown as text, never as HTML. */}
                <pre className="app-tests-output">{result.output === '' ? '(empty)' : result.output}</pre>
              </details>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
