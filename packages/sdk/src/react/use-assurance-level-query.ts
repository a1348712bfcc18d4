import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { AssuranceLevel } from '../types';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The session's assurance level and the next one it can reach (aal2 when a verified factor exists). */
export function useAssuranceLevel(): UseQueryResult<AssuranceLevel, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<AssuranceLevel, AppforgeError>({
    queryKey: appforgeKeys.assuranceLevel(user?.id),
    queryFn: () => client.auth.getAssuranceLevel(),
    enabled: user !== null,
    retry: retryTransient,
  });
}
