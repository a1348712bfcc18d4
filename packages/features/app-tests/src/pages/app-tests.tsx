import { checkCaseInputs } from '@appforge/engine';
import { isNotFound, messageOf } from '@appforge/sdk';
import type { AppVersionRow } from '@appforge/sdk';
import { useApp, useSession, useVersions } from '@appforge/sdk/react';
import { LoadError, PageHeader, PageTitle, Spinner } from '@appforge/ui';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { CaseView } from '../components/CaseList';
import { AppTestsView } from '../components/AppTestsView';
import type { VersionOption } from '../components/RunPanel';
import { RunDetails } from '../components/RunDetails';
import { useDeleteCase } from '../data/use-delete-case-mutation';
import { useRunTests } from '../data/use-run-tests';
import { useSaveCase } from '../data/use-save-case-mutation';
import { useTestCases } from '../data/use-test-cases-query';
import { useTestRuns } from '../data/use-test-runs-query';
import { currentVersion, fieldsOf } from '../lib/inputs';

/** Draft and Live first (by name), then every other version, newest first. */
function versionOptions(app: { draft_version_id: string | null; deployed_version_id: string | null }, versions: readonly AppVersionRow[]): VersionOption[] {
  const options: VersionOption[] = [];
  const draft = versions.find((version) => version.id === app.draft_version_id);
  const live = versions.find((version) => version.id === app.deployed_version_id);
  // Right after a deploy the draft is the live version: it is called live, not a draft.
  if (draft) options.push({ id: draft.id, label: draft.id === live?.id ? `Live (version ${draft.number})` : `Draft (version ${draft.number})` });
  if (live && live.id !== draft?.id) options.push({ id: live.id, label: `Live (version ${live.number})` });
  for (const version of versions) {
    if (version.id !== draft?.id && version.id !== live?.id) options.push({ id: version.id, label: `Version ${version.number}` });
  }
  return options;
}

/** /app-tests/:appId — the app's test cases, running them on a version, and earlier test runs. */
export function Component() {
  const { appId = '' } = useParams();
  const { user } = useSession();
  const app = useApp(appId);
  const versions = useVersions(appId);
  const cases = useTestCases(appId);
  const runs = useTestRuns(appId);
  const saveCase = useSaveCase(appId);
  const deleteCase = useDeleteCase(appId);
  const { state: runState, start } = useRunTests(appId);

  const tabTitle = <PageTitle title={['Tests', app.data?.name]} />;

  const spec = app.data && versions.data ? currentVersion(app.data, versions.data)?.spec : undefined;
  const fields = useMemo(() => fieldsOf(spec), [spec]);
  const caseViews = useMemo<CaseView[]>(
    () =>
      (cases.data ?? []).map((row) => {
        const checked = spec ? checkCaseInputs(spec, row.inputs) : { status: 'ready' as const };
        return { row, needsUpdate: checked.status === 'needs_update' ? checked.reasons : null };
      }),
    [cases.data, spec],
  );

  const settings = `/app-settings/${encodeURIComponent(appId)}`;
  const header = (
    <PageHeader
      title="Tests"
      description="Run the app with inputs you choose and check its answers, on the draft or the live version."
      breadcrumbs={
        <ol className="app-tests-breadcrumbs">
          <li>
            <Link to="/">Your apps</Link>
          </li>
          <li>
            <Link to={settings}>{app.data ? `${app.data.name}: settings` : 'App settings'}</Link>
          </li>
        </ol>
      }
    />
  );

  const failed = [app, versions, cases, runs].find((query) => query.isError);
  let body;
  if (failed?.error) {
    body = isNotFound(failed.error) ? (
      <LoadError what="This app's tests" message="This app does not exist, or it is not yours." />
    ) : (
      <LoadError what="This app's tests" message={messageOf(failed.error)} onRetry={() => void failed.refetch()} retrying={failed.isFetching} />
    );
  } else if (!app.data || !versions.data || !cases.data || !runs.data) {
    body = (
      <p className="app-tests-muted" role="status">
        <Spinner size="sm" /> Loading the tests…
      </p>
    );
  } else {
    body = (
      <AppTestsView
        fields={fields}
        cases={caseViews}
        versions={versionOptions(app.data, versions.data)}
        runs={runs.data}
        userId={user?.id ?? null}
        runState={runState}
        onRun={(versionId) => void start(versionId)}
        onSaveCase={async (value, caseId) => {
          await saveCase.mutateAsync({ ...value, ...(caseId === undefined ? {} : { caseId }) });
        }}
        onDeleteCase={async (row) => {
          await deleteCase.mutateAsync(row.id);
        }}
        renderRunDetails={(testRunId) => <RunDetails appId={appId} testRunId={testRunId} />}
      />
    );
  }

  return (
    <>
      {tabTitle}
      <div className="app-tests-page">
        {header}
        {body}
      </div>
    </>
  );
}
