import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { Passkey } from '../types';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The signed-in person's passkeys, oldest first; read afresh whenever a view opens (last use changes at each sign-in). */
export function usePasskeys(): UseQueryResult<Passkey[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<Passkey[], AppforgeError>({
    queryKey: appforgeKeys.passkeys(user?.id),
    queryFn: () => client.auth.listPasskeys(),
    enabled: user !== null,
    retry: retryTransient,
    refetchOnMount: 'always',
  });
}
