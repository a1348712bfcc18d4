import { Button, Field } from '@appforge/ui';
import { useState } from 'react';
import type { TestRunState } from '../data/use-run-tests';
import { CaseResults } from './CaseResults';

export interface VersionOption {
  id: string;
  label: string;
}

export interface RunPanelProps {
  /** Draft first, then Live, then older versions. */
  versions: readonly VersionOption[];
  caseCount: number;
  state: TestRunState;
  onRun: (versionId: string) => void;
}

function progressText(state: TestRunState): string {
  if (state.status === 'running') {
    if (state.caseCount === null) return 'Starting the test run…';
    return `Running on version ${state.versionNumber ?? '?'}: ${state.finished.length} of ${state.caseCount} cases finished.`;
  }
  if (state.status === 'done' && state.summary) {
    const { passed, failed, needsUpdate } = state.summary;
    const total = state.caseCount ?? passed + failed + needsUpdate;
    const extra = [failed > 0 ? `${failed} failed` : null, needsUpdate > 0 ? `${needsUpdate} need an update` : null].filter(Boolean).join(', ');
    return `Finished on version ${state.versionNumber ?? '?'}: ${passed} of ${total} passed${extra ? `; ${extra}` : ''}.`;
  }
  return '';
}

/** "Run tests" on a chosen version, with each case's result as it finishes. */
export function RunPanel({ versions, caseCount, state, onRun }: RunPanelProps) {
  const [versionId, setVersionId] = useState(versions[0]?.id ?? '');
  const chosen = versions.some((version) => version.id === versionId) ? versionId : (versions[0]?.id ?? '');
  const running = state.status === 'running';
  const progress = progressText(state);
  return (
    <section className="app-tests-section" aria-labelledby="app-tests-run-title">
      <h2 id="app-tests-run-title">Run tests</h2>
      {versions.length === 0 ? (
        <p className="app-tests-muted">The app has no version yet. Build it in the editor first.</p>
      ) : (
        <div className="app-tests-run-bar">
          <Field label="Version" id="app-tests-version">
            {(control) => (
              <select {...control} className="af-input" value={chosen} disabled={running} onChange={(event) => setVersionId(event.target.value)}>
                {versions.map((version) => (
                  <option key={version.id} value={version.id}>
                    {version.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button loading={running} disabled={caseCount === 0} onClick={() => onRun(chosen)}>
            Run tests
          </Button>
        </div>
      )}
      {caseCount === 0 && versions.length > 0 ? <p className="app-tests-muted">Add a test case first; then run it here.</p> : null}
      <p className="app-tests-progress" role="status">
        {progress}
      </p>
      {state.error ? (
        <p role="alert" className="app-tests-error">
          The test run stopped: {state.error.message}
        </p>
      ) : null}
      {state.finished.length > 0 ? (
        <CaseResults
          label="Results of this test run"
          results={state.finished.map((result) => ({ key: result.caseId, name: result.name, status: result.status, reason: result.reason, output: result.output, runs: result.runs }))}
        />
      ) : null}
    </section>
  );
}
