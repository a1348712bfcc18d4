import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DatabaseRowsPage, DatabaseRowsQuery } from '../database-data';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useDatabaseRowsLive } from './use-database-rows-live';
import { useSession } from './use-session';

/**
 * A page of a table's rows with the server's filters and sort. While the next page loads the
 * previous one stays on screen (no flash of an empty grid); idle without a table. Live: a write
 * to the table anywhere (another tab, an app's `database` step, an import) changes the table's
 * DatabaseTableStats row, which Realtime tells the owner about; the page and the counts reload.
 */
export function useDatabaseRows(query: DatabaseRowsQuery | null): UseQueryResult<DatabaseRowsPage, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  const tableId = query?.tableId;
  useDatabaseRowsLive(tableId);
  return useQuery<DatabaseRowsPage, AppforgeError>({
    queryKey: appforgeKeys.databaseRows(user?.id, query?.tableId, query ?? {}),
    queryFn: () => client.databases.rowsPage(query ?? { tableId: '' }),
    enabled: user !== null && query !== null && query.tableId !== '',
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
