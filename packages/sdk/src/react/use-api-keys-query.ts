import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiKeySummary } from '../api-keys';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The signed-in person's API keys (newest first) with their recent usage; idle while signed out. */
export function useApiKeys(): UseQueryResult<ApiKeySummary[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<ApiKeySummary[], AppforgeError>({
    queryKey: appforgeKeys.apiKeys(user?.id),
    queryFn: () => client.apiKeys.listMine(),
    enabled: user !== null,
    retry: retryTransient,
  });
}
