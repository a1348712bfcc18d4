import { messageOf } from '@appforge/sdk';
import { LoadError, Spinner } from '@appforge/ui';
import { useTestRun } from '../data/use-test-run-query';
import { CaseResults } from './CaseResults';

/** The results of one earlier test run, read when opened. */
export function RunDetails({ appId, testRunId }: { appId: string; testRunId: string }) {
  const query = useTestRun(appId, testRunId);
  if (query.isError) return <LoadError what="This test run" message={messageOf(query.error)} headingLevel={3} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!query.data) {
    return (
      <p className="app-tests-muted">
        <Spinner size="sm" /> Loading the results…
      </p>
    );
  }
  if (query.data.results.length === 0) return <p className="app-tests-muted">This test run has no results.</p>;
  return (
    <CaseResults
      label="Results of the earlier test run"
      results={query.data.results.map((result) => ({
        key: result.id,
        name: result.case_name,
        status: result.status,
        warnOnly: result.mode === 'warn_only',
        reason: result.reason,
        output: result.output,
        runs: { total: result.runs, passed: result.runs_passed, needed: result.passes_needed },
      }))}
    />
  );
}
