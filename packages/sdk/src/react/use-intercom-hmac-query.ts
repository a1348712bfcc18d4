import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The support chat's identity-verification hash for the signed-in user (null when none). */
export function useIntercomHmac(options: { enabled?: boolean } = {}): UseQueryResult<string | null, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<string | null, AppforgeError>({
    queryKey: [...appforgeKeys.user(user?.id), 'intercom-hmac'],
    queryFn: () => client.users.getIntercomHmac(),
    enabled: (options.enabled ?? true) && user !== null,
    retry: retryTransient,
    staleTime: Infinity,
  });
}
