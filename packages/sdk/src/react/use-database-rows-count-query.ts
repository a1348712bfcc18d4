import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DatabaseRowsCount, DatabaseRowsQuery } from '../database-data';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/**
 * How many of a table's rows match the filters (up to 10,000, then `capped`). Keyed by the
 * filters only: sorting and scrolling never count again; a new filter does. Its key sits under
 * the table's rows, so the live reload of `useDatabaseRows`/`useDatabaseRowsInfinite` (mounted
 * beside it) counts again after a write anywhere. While a new count loads, the previous one stays.
 */
export function useDatabaseRowsCount(query: Pick<DatabaseRowsQuery, 'tableId' | 'filters'> | null): UseQueryResult<DatabaseRowsCount, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  const tableId = query?.tableId;
  const filters = query?.filters ?? [];
  return useQuery<DatabaseRowsCount, AppforgeError>({
    queryKey: appforgeKeys.databaseRows(user?.id, tableId, { filters, count: true }),
    queryFn: () => client.databases.rowsCount({ tableId: tableId ?? '', filters }),
    enabled: user !== null && query !== null && query.tableId !== '',
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
