import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppRunSummary, ListRunsParams } from '../types';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** An app's runs (owner), newest first, one page with the total. */
export function useRuns(appId: string | null | undefined, params: ListRunsParams = {}): UseQueryResult<{ rows: AppRunSummary[]; total: number }, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<{ rows: AppRunSummary[]; total: number }, AppforgeError>({
    queryKey: appforgeKeys.runs(user?.id, appId ?? undefined, params),
    queryFn: () => client.runs.list(appId ?? '', params),
    enabled: user !== null && typeof appId === 'string' && appId !== '',
    retry: retryTransient,
  });
}
