import type { AppTestRunRow, AppforgeError } from '@appforge/sdk';
import { retryTransient, useAppforge, useSession } from '@appforge/sdk/react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { appTestKeys } from './app-test-keys';

/** The app's test runs, newest first. */
export function useTestRuns(appId: string): UseQueryResult<AppTestRunRow[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<AppTestRunRow[], AppforgeError>({
    queryKey: appTestKeys.runs(user?.id, appId),
    queryFn: () => client.appTests.listRuns(appId),
    enabled: user !== null && appId !== '',
    retry: retryTransient,
  });
}
