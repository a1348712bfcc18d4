import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { ApiSummary } from '../external-apis';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The signed-in person's external APIs with endpoint counts and last test; idle while signed out. */
export function useMyApis(): UseQueryResult<ApiSummary[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<ApiSummary[], AppforgeError>({
    queryKey: appforgeKeys.myExternalApis(user?.id),
    queryFn: () => client.apis.listMine(),
    enabled: user !== null,
    retry: retryTransient,
  });
}
