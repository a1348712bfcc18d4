import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { ApiUsage } from '../external-apis';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The person's apps whose draft or deployed version calls the API. */
export function useApiUsage(apiId: string | undefined): UseQueryResult<ApiUsage[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<ApiUsage[], AppforgeError>({
    queryKey: appforgeKeys.externalApiUsage(user?.id, apiId),
    queryFn: () => client.apis.usage(apiId ?? ''),
    enabled: user !== null && apiId !== undefined,
    retry: retryTransient,
  });
}
