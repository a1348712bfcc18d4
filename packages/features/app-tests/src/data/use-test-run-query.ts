import type { AppTestResultRow, AppTestRunRow, AppforgeError } from '@appforge/sdk';
import { retryTransient, useAppforge, useSession } from '@appforge/sdk/react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { appTestKeys } from './app-test-keys';

/** One test run with its results per case; idle until asked for. */
export function useTestRun(appId: string, testRunId: string | null): UseQueryResult<{ run: AppTestRunRow; results: AppTestResultRow[] }, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<{ run: AppTestRunRow; results: AppTestResultRow[] }, AppforgeError>({
    queryKey: appTestKeys.run(user?.id, appId, testRunId ?? ''),
    queryFn: () => client.appTests.getRun(testRunId ?? ''),
    enabled: user !== null && testRunId !== null,
    retry: retryTransient,
  });
}
