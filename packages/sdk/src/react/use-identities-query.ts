import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { UserIdentity } from '../types';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The sign-in methods linked to the signed-in user. */
export function useIdentities(): UseQueryResult<UserIdentity[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<UserIdentity[], AppforgeError>({
    queryKey: appforgeKeys.identities(user?.id),
    queryFn: () => client.auth.listIdentities(),
    enabled: user !== null,
    retry: retryTransient,
  });
}
