import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { UserRow } from '../types';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The signed-in user's own User row (null until add-user created it). */
export function useMe(): UseQueryResult<UserRow | null, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<UserRow | null, AppforgeError>({
    queryKey: appforgeKeys.me(user?.id),
    queryFn: () => client.users.getMe(),
    enabled: user !== null,
    retry: retryTransient,
  });
}
