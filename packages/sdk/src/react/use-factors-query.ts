import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { Factor } from '../types';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The signed-in user's MFA factors (verified and not). */
export function useFactors(): UseQueryResult<Factor[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<Factor[], AppforgeError>({
    queryKey: appforgeKeys.factors(user?.id),
    queryFn: () => client.auth.listFactors(),
    enabled: user !== null,
    retry: retryTransient,
  });
}
