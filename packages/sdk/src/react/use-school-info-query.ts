import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { SchoolInfo } from '../types';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Whether the signed-in user teaches or studies (get-user-school-info); runs only when signed in. */
export function useSchoolInfo(options: { enabled?: boolean } = {}): UseQueryResult<SchoolInfo, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<SchoolInfo, AppforgeError>({
    queryKey: appforgeKeys.schoolInfo(user?.id),
    queryFn: () => client.functions.getUserSchoolInfo(),
    enabled: (options.enabled ?? true) && user !== null,
    retry: retryTransient,
  });
}
