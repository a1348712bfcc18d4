import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DatabaseSummary } from '../database-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The signed-in person's databases with their table counts; idle while signed out. */
export function useMyDatabases(): UseQueryResult<DatabaseSummary[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<DatabaseSummary[], AppforgeError>({
    queryKey: appforgeKeys.myDatabases(user?.id),
    queryFn: () => client.databases.listMine(),
    enabled: user !== null,
    retry: retryTransient,
  });
}
