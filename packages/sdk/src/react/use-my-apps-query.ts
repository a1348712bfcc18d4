import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppSummary } from '../app-rows';
import type { ListMyAppsParams } from '../types';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The signed-in person's apps with their runs of the last 7 days; idle while signed out. */
export function useMyApps(params: ListMyAppsParams = {}): UseQueryResult<AppSummary[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<AppSummary[], AppforgeError>({
    queryKey: appforgeKeys.myApps(user?.id, params),
    queryFn: () => client.apps.listMine(params),
    enabled: user !== null,
    retry: retryTransient,
  });
}
