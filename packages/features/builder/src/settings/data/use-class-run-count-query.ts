import type { AppforgeError } from '@appforge/sdk';
import { appforgeKeys, retryTransient, useAppforge, useSession } from '@appforge/sdk/react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * How many runs of the app students made in classes: all its owner may know of them (issue 26).
 * Kept under the app's runs key, so whatever refreshes the run history refreshes this too.
 */
export function useClassRunCount(appId: string): UseQueryResult<number, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<number, AppforgeError>({
    queryKey: appforgeKeys.runs(user?.id, appId, { classRunCount: true }),
    queryFn: () => client.runs.classRunCount(appId),
    enabled: user !== null,
    retry: retryTransient,
  });
}
