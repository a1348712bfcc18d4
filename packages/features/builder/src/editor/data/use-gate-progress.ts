// While Deploy runs the app's test cases (issue 30): how many of the version's running test run
// have finished. Read once, then heard live through Realtime: the test run starting (AppTestRun by
// app) and each case's result being written (AppTestResult by test run). Each subscription reads
// again when the server confirms it (at first and after a reconnect), so a change made between the
// read and the subscription is not missed. Only the app's owner hears either table.
import type { AppforgeError } from '@appforge/sdk';
import { useAppforge, useLiveTestResults, useLiveTestRuns, useSession } from '@appforge/sdk/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { gateKeys } from './gate-keys';

export interface GateProgress {
  testRunId: string;
  /** Cases in the test run. */
  total: number;
  /** The results that have finished (a finished result never runs again). */
  finished: readonly string[];
  done: number;
}

function withFinished(progress: Omit<GateProgress, 'done' | 'finished'>, finished: Iterable<string>): GateProgress {
  const ids = [...new Set(finished)];
  return { ...progress, finished: ids, done: ids.length };
}

/** While `active` (a deploy of a version with cases is under way): the gate's test run as it goes. */
export function useGateProgress(appId: string, versionId: string, active: boolean): UseQueryResult<GateProgress | null, AppforgeError> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const queryKey = gateKeys.progress(user?.id, appId, versionId);
  const query = useQuery<GateProgress | null, AppforgeError>({
    queryKey,
    queryFn: async () => {
      const running = (await client.appTests.listRuns(appId, 5)).find((run) => run.version_id === versionId && run.status === 'running');
      if (!running) return null;
      const { results } = await client.appTests.getRun(running.id);
      // A result heard while this read was under way stays counted.
      const heard = queryClient.getQueryData<GateProgress | null>(queryKey);
      return withFinished({ testRunId: running.id, total: running.case_count }, [
        ...results.filter((result) => result.status !== 'running').map((result) => result.id),
        ...(heard?.testRunId === running.id ? heard.finished : []),
      ]);
    },
    enabled: user !== null && active,
    retry: false,
  });
  const readAgain = () => void queryClient.invalidateQueries({ queryKey, exact: true });
  const testRunId = query.data?.testRunId ?? null;

  useLiveTestRuns(active ? appId : null, {
    // Deploy started the version's test run: read it (and then hear its results).
    onChange: (row) => {
      if (row.version_id === versionId && row.status === 'running' && row.id !== testRunId) readAgain();
    },
    onSubscribed: readAgain,
  });
  useLiveTestResults(active ? testRunId : null, {
    onChange: (row) => {
      const id = row.id;
      if (typeof id !== 'string' || row.status === 'running' || typeof row.status !== 'string') return;
      queryClient.setQueryData<GateProgress | null>(queryKey, (current) =>
        current && current.testRunId === row.test_run_id ? withFinished(current, [...current.finished, id]) : current,
      );
    },
    onSubscribed: readAgain,
  });
  return query;
}
