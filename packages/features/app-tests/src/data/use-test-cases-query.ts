import type { AppTestCaseRow, AppforgeError } from '@appforge/sdk';
import { retryTransient, useAppforge, useSession } from '@appforge/sdk/react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { appTestKeys } from './app-test-keys';

/** The app's test cases, oldest first. */
export function useTestCases(appId: string): UseQueryResult<AppTestCaseRow[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<AppTestCaseRow[], AppforgeError>({
    queryKey: appTestKeys.cases(user?.id, appId),
    queryFn: () => client.appTests.listCases(appId),
    enabled: user !== null && appId !== '',
    retry: retryTransient,
  });
}
