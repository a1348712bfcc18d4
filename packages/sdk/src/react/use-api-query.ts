import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { ApiDetail } from '../external-apis';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** One of the person's APIs with its endpoints; idle without an id or while signed out. */
export function useApi(apiId: string | undefined): UseQueryResult<ApiDetail, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<ApiDetail, AppforgeError>({
    queryKey: appforgeKeys.externalApi(user?.id, apiId),
    queryFn: () => client.apis.get(apiId ?? ''),
    enabled: user !== null && apiId !== undefined,
    retry: retryTransient,
  });
}
