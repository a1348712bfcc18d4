import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TableRowCount } from '../database-data';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Rows per table of the given databases (the list and the overview show them); idle without ids. */
export function useDatabaseTableCounts(databaseIds: readonly string[]): UseQueryResult<TableRowCount[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<TableRowCount[], AppforgeError>({
    queryKey: appforgeKeys.databaseCounts(user?.id, databaseIds),
    queryFn: () => client.databases.tableCounts([...databaseIds]),
    enabled: user !== null && databaseIds.length > 0,
    retry: retryTransient,
  });
}
