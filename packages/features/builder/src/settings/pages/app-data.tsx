import { messageOf } from '@appforge/sdk';
import type { AppDetail } from '@appforge/sdk';
import { useLiveRuns, useRun, useRuns } from '@appforge/sdk/react';
import { Button, Dialog, EmptyState, LoadError } from '@appforge/ui';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AppSettingsFrame } from '../components/AppSettingsFrame';
import { RunDetail } from '../components/RunDetail';
import { SaveAsTest } from '../components/SaveAsTest';
import { hasFilters, RunFiltersBar } from '../components/RunFiltersBar';
import type { RunFilters } from '../components/RunFiltersBar';
import { RunsTable } from '../components/RunsTable';
import { useClassRunCount } from '../data/use-class-run-count-query';
import { Skeleton } from '../components/Skeleton';
import { csvFileName, runsToCsv } from '../lib/csv';
import { downloadText } from '../lib/download';
import { settingsPaths } from '../lib/paths';
import { dayBoundary, RUN_STATUSES } from '../lib/run-format';
import type { RunStatus } from '../lib/run-format';

/** The newest runs the table holds at once; sorting, text search and paging happen on these. */
export const RUNS_LIMIT = 500;

function filtersOf(params: URLSearchParams): RunFilters {
  const status = params.get('status');
  const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');
  return {
    status: RUN_STATUSES.some((entry) => entry.value === status) ? (status as RunStatus) : 'all',
    from: day(params.get('from')),
    to: day(params.get('to')),
    text: params.get('q') ?? '',
  };
}

function RunDetailDialog({ runId, onClose }: { runId: string; onClose: () => void }) {
  const run = useRun(runId);
  return (
    <Dialog
      open
      size="lg"
      title="Run details"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {run.data ? (
        <>
          <RunDetail run={run.data.run} steps={run.data.steps} />
          {run.data.run.status === 'done' ? <SaveAsTest runId={run.data.run.id} appId={run.data.run.app_id} /> : null}
        </>
      ) : run.isError ? (
        <LoadError what="This run" message={messageOf(run.error)} onRetry={() => void run.refetch()} retrying={run.isFetching} />
      ) : (
        <Skeleton lines={6} label="Loading the run…" />
      )}
    </Dialog>
  );
}

/** Class runs are private to the student and their teachers: the owner sees how many there were, and why no more. */
function ClassRunsNote({ appId }: { appId: string }) {
  const count = useClassRunCount(appId);
  if (!count.data) return null;
  return (
    <p className="settings-note" role="note">
      Students also ran this app {count.data === 1 ? 'once' : `${count.data.toLocaleString('en')} times`} in classes. Those runs are
      private to each student and their teachers, so they are counted here but not listed.
    </p>
  );
}

function RunHistory({ app }: { app: AppDetail }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const openRunId = params.get('run');
  const from = dayBoundary(filters.from, 'start');
  const to = dayBoundary(filters.to, 'end');
  const runs = useRuns(app.id, {
    ...(filters.status !== 'all' ? { status: filters.status } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    limit: RUNS_LIMIT,
  });
  // Runs appear, and finish, as visitors run the app.
  useLiveRuns(app.id);

  const setFilters = (next: RunFilters) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const entries: [string, string][] = [
          ['status', next.status === 'all' ? '' : next.status],
          ['from', next.from],
          ['to', next.to],
          ['q', next.text],
        ];
        for (const [key, value] of entries) {
          if (value === '') updated.delete(key);
          else updated.set(key, value);
        }
        return updated;
      },
      { replace: true },
    );
  };

  const openRun = useCallback(
    (runId: string) => {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('run', runId);
        return updated;
      });
    },
    [setParams],
  );

  const closeRun = () => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.delete('run');
      return updated;
    });
  };

  const data = runs.data;
  const noRunsAtAll = data !== undefined && data.total === 0 && !hasFilters(filters);

  return (
    <>
      <ClassRunsNote appId={app.id} />
      {noRunsAtAll ? (
        <EmptyState
          title="No runs yet"
          description="Each time someone runs the deployed app, or you try it in the builder, the run shows up here with its inputs, outputs, time and tokens."
          action={
            <Button asChild>
              {app.deployed_version_id ? (
                <Link to={settingsPaths(app.id).deployed}>Open the app</Link>
              ) : (
                <Link to={settingsPaths(app.id).editor}>Finish and deploy the app</Link>
              )}
            </Button>
          }
        />
      ) : (
        <>
          <RunFiltersBar value={filters} onChange={setFilters} />
          {data ? (
            <>
              {data.total > data.rows.length ? (
                <p className="settings-note">
                  Showing the newest {data.rows.length} of {data.total} runs. Narrow the dates or the status to see older ones.
                </p>
              ) : null}
              <RunsTable
                runs={data.rows}
                text={filters.text}
                onOpen={openRun}
                toolbar={(visible) => (
                  <div className="settings-runs__toolbar">
                    <p className="settings-muted">{runs.isFetching ? 'Refreshing…' : `${visible.length} ${visible.length === 1 ? 'run' : 'runs'}`}</p>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={visible.length === 0}
                      onClick={() => downloadText(runsToCsv(visible), csvFileName(app.name, new Date()), 'text/csv;charset=utf-8')}
                    >
                      Export CSV
                    </Button>
                  </div>
                )}
              />
            </>
          ) : runs.isError ? (
            <LoadError what="The run history" message={messageOf(runs.error)} onRetry={() => void runs.refetch()} retrying={runs.isFetching} />
          ) : (
            <Skeleton lines={8} label="Loading the runs…" />
          )}
        </>
      )}
      {openRunId ? <RunDetailDialog runId={openRunId} onClose={closeRun} /> : null}
    </>
  );
}

/** `/app-data/:appId` — the app's run history: filter, sort, page, export as CSV, open one run. */
export function Component() {
  return (
    <AppSettingsFrame wide page="Runs and data" description="Every run of the app: what went in, what came out, how long it took and the tokens it used.">
      {(app) => <RunHistory key={app.id} app={app} />}
    </AppSettingsFrame>
  );
}

