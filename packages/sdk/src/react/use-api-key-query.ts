import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiKeySummary } from '../api-keys';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** One of the person's API keys with its usage by day; idle without an id or while signed out. */
export function useApiKey(apiKeyId: string | undefined): UseQueryResult<ApiKeySummary, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<ApiKeySummary, AppforgeError>({
    queryKey: appforgeKeys.apiKey(user?.id, apiKeyId),
    queryFn: () => client.apiKeys.get(apiKeyId ?? ''),
    enabled: user !== null && apiKeyId !== undefined,
    retry: retryTransient,
  });
}
