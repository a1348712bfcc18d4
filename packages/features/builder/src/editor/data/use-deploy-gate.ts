// The publish gate on the deploy page (issue 30): whether the app has test cases, how far the
// gate's test run has got while deploy-app runs it, and what the live version answered for each
// case (its latest finished test run) to show beside a failing case's output.
import type { AppforgeError } from '@appforge/sdk';
import { retryTransient, useAppforge, useSession } from '@appforge/sdk/react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';

const gateKeys = {
  cases: (userId: string | undefined, appId: string) => ['builder', 'deploy-gate', userId ?? 'anonymous', appId, 'cases'] as const,
  progress: (userId: string | undefined, appId: string, versionId: string) => ['builder', 'deploy-gate', userId ?? 'anonymous', appId, 'progress', versionId] as const,
  live: (userId: string | undefined, appId: string, versionId: string) => ['builder', 'deploy-gate', userId ?? 'anonymous', appId, 'live', versionId] as const,
};

/** How many test cases the app has (the gate runs them all). */
export function useTestCaseCount(appId: string): UseQueryResult<number, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<number, AppforgeError>({
    queryKey: gateKeys.cases(user?.id, appId),
    queryFn: async () => (await client.appTests.listCases(appId)).length,
    enabled: user !== null,
    retry: retryTransient,
  });
}

export interface GateProgress {
  done: number;
  total: number;
}

/** While a deploy runs the cases: how many of the version's running test run have finished. */
export function useGateProgress(appId: string, versionId: string, active: boolean): UseQueryResult<GateProgress | null, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<GateProgress | null, AppforgeError>({
    queryKey: gateKeys.progress(user?.id, appId, versionId),
    queryFn: async () => {
      const running = (await client.appTests.listRuns(appId, 5)).find((run) => run.version_id === versionId && run.status === 'running');
      if (!running) return null;
      const { results } = await client.appTests.getRun(running.id);
      return { done: results.filter((result) => result.status !== 'running').length, total: running.case_count };
    },
    enabled: user !== null && active,
    // Results arrive one by one while deploy-app waits for them all.
    refetchInterval: active ? 1000 : false,
    retry: false,
  });
}

export interface LiveOutputs {
  versionNumber: number | null;
  /** case id → what the live version answered in its latest finished test run. */
  outputs: ReadonlyMap<string, string | null>;
}

/** The live version's outputs per case, from its latest finished test run (null when it has none). */
export function useLiveOutputs(appId: string, liveVersionId: string | null, enabled: boolean): UseQueryResult<LiveOutputs | null, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<LiveOutputs | null, AppforgeError>({
    queryKey: gateKeys.live(user?.id, appId, liveVersionId ?? ''),
    queryFn: async () => {
      const last = (await client.appTests.listRuns(appId, 100)).find((run) => run.version_id === liveVersionId && run.status === 'done');
      if (!last) return null;
      const { results } = await client.appTests.getRun(last.id);
      return { versionNumber: last.version_number, outputs: new Map(results.flatMap((result) => (result.case_id ? [[result.case_id, result.output] as const] : []))) };
    },
    enabled: user !== null && enabled && liveVersionId !== null,
    retry: retryTransient,
  });
}
