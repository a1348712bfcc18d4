import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppRunSummary } from '../types';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The newest runs of the signed-in person's apps. */
export function useRecentRuns(limit = 10): UseQueryResult<(AppRunSummary & { app_name: string })[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<(AppRunSummary & { app_name: string })[], AppforgeError>({
    queryKey: appforgeKeys.recentRuns(user?.id, limit),
    queryFn: () => client.runs.recent(limit),
    enabled: user !== null,
    retry: retryTransient,
  });
}
