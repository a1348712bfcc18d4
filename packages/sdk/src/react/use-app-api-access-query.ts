import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppApiAccess } from '../api-keys';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Whether the owner's app takes API calls, and the deployed version's input fields. */
export function useAppApiAccess(appId: string | undefined): UseQueryResult<AppApiAccess, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<AppApiAccess, AppforgeError>({
    queryKey: appforgeKeys.appApiAccess(user?.id, appId),
    queryFn: () => client.apiKeys.appAccess(appId ?? ''),
    enabled: user !== null && appId !== undefined,
    retry: retryTransient,
  });
}
