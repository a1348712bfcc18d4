import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DatabaseLimits } from '../database-data';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The limits every database has (tables, columns, rows, cell and import sizes). */
export function useDatabaseLimits(): UseQueryResult<DatabaseLimits, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<DatabaseLimits, AppforgeError>({
    queryKey: appforgeKeys.databaseLimits(user?.id),
    queryFn: () => client.databases.limits(),
    enabled: user !== null,
    staleTime: 10 * 60_000,
    retry: retryTransient,
  });
}
