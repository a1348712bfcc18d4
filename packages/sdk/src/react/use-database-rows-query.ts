import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DatabaseRowsPage, DatabaseRowsQuery } from '../database-data';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/**
 * A page of a table's rows with the server's filters and sort. While the next page loads the
 * previous one stays on screen (no flash of an empty grid); idle without a table.
 */
export function useDatabaseRows(query: DatabaseRowsQuery | null): UseQueryResult<DatabaseRowsPage, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<DatabaseRowsPage, AppforgeError>({
    queryKey: appforgeKeys.databaseRows(user?.id, query?.tableId, query ?? {}),
    queryFn: () => client.databases.rowsPage(query ?? { tableId: '' }),
    enabled: user !== null && query !== null && query.tableId !== '',
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
