import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { DatabaseRowsQuery, DatabaseRowsSlice } from '../database-data';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useDatabaseRowsLive } from './use-database-rows-live';
import { useSession } from './use-session';

export interface DatabaseRowsScrollQuery extends Omit<DatabaseRowsQuery, 'offset' | 'limit'> {
  /** Rows per server page (1–500; 500 by default). */
  pageSize?: number;
  /** Rows loaded at most (10,000 by default): past that, filter or sort to reach others. */
  maxRows?: number;
}

export const DATABASE_SCROLL_PAGE = 500;
export const DATABASE_SCROLL_MAX_ROWS = 10_000;

/**
 * A table's rows for a scrolling grid: the server's pages (same filters and sort as
 * `useDatabaseRows`) one after another as the person scrolls (`fetchNextPage`), up to `maxRows`.
 * The pages count nothing (`has_more` says whether another follows): the count is
 * `useDatabaseRowsCount`, asked once per filter. Live like `useDatabaseRows`: a write anywhere
 * reloads the loaded pages.
 */
export function useDatabaseRowsInfinite(query: DatabaseRowsScrollQuery | null): UseInfiniteQueryResult<InfiniteData<DatabaseRowsSlice, number>, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  const tableId = query?.tableId;
  const pageSize = query?.pageSize ?? DATABASE_SCROLL_PAGE;
  const maxRows = query?.maxRows ?? DATABASE_SCROLL_MAX_ROWS;
  useDatabaseRowsLive(tableId);
  return useInfiniteQuery<DatabaseRowsSlice, AppforgeError, InfiniteData<DatabaseRowsSlice, number>, readonly unknown[], number>({
    queryKey: appforgeKeys.databaseRows(user?.id, tableId, { ...query, pageSize, maxRows, scroll: true }),
    queryFn: ({ pageParam }) =>
      client.databases.rowsSlice({ tableId: tableId ?? '', filters: query?.filters, sort: query?.sort, offset: pageParam, limit: Math.min(pageSize, maxRows - pageParam) }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0);
      return last.has_more && last.rows.length > 0 && loaded < maxRows ? loaded : undefined;
    },
    enabled: user !== null && query !== null && query.tableId !== '',
    // While another filter or sort loads, the rows before stay on screen.
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
