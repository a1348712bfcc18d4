// The publish gate on the deploy page (issue 30): whether the app has test cases, and what the live
// version answered for each case (its latest finished test run) to show beside a failing case's
// output. How far the gate's test run has got: use-gate-progress.ts.
import type { AppforgeError } from '@appforge/sdk';
import { retryTransient, useAppforge, useSession } from '@appforge/sdk/react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { gateKeys } from './gate-keys';

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
