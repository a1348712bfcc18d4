import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiKeySummary } from '../api-keys';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** How often an open keys list re-reads its usage (runs made with a key happen outside the page). */
export const API_KEYS_REFRESH_MS = 30_000;

/** The signed-in person's API keys (newest first) with their recent usage; idle while signed out. */
export function useApiKeys(): UseQueryResult<ApiKeySummary[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<ApiKeySummary[], AppforgeError>({
    queryKey: appforgeKeys.apiKeys(user?.id),
    queryFn: () => client.apiKeys.listMine(),
    enabled: user !== null,
    retry: retryTransient,
    // Keys are used from elsewhere (curl, a server): the usage column refreshes while the list is open.
    refetchInterval: API_KEYS_REFRESH_MS,
  });
}
