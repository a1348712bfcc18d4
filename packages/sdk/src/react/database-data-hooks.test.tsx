// @vitest-environment jsdom
// The grid's hooks with the fake client: a page that refreshes after an edit, an import's
// summary, a conflict a person can see, and a structure preview that changes nothing.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { makeDatabase, makeDatabaseTable } from '../testing/factories';
import { createFakeAppforgeClient } from '../testing/fake-client';
import type { FakeAppforgeClient } from '../testing/fake-client';
import { AppforgeProvider } from './AppforgeProvider';
import { useChangeDatabaseTable } from './use-change-database-table-mutation';
import { useDatabaseRowsCount } from './use-database-rows-count-query';
import { useDatabaseRowsInfinite } from './use-database-rows-infinite-query';
import { useDatabaseRows } from './use-database-rows-query';
import { useDatabaseTableCounts } from './use-database-table-counts-query';
import { useInsertDatabaseRows } from './use-insert-database-rows-mutation';
import { useUpdateDatabaseRow } from './use-update-database-row-mutation';

function wrapperFor(client: FakeAppforgeClient) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <AppforgeProvider client={client}>{children}</AppforgeProvider>
      </QueryClientProvider>
    );
  };
}

function library() {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'owner@example.com' });
  const database = makeDatabase({ owner_id: session.user.id, name: 'Library' });
  const table = makeDatabaseTable({ database_id: database.id, columns: [{ name: 'Title', type: 'text' }, { name: 'Pages', type: 'number' }] });
  database.tables = [table];
  client.fake.data.databases[database.id] = database;
  return { client, database, table };
}

describe('database grid hooks', () => {
  it('an import shows in the page and the counts; an edit refreshes the page', async () => {
    const { client, database, table } = library();
    const { result } = renderHook(
      () => ({
        rows: useDatabaseRows({ tableId: table.id, sort: { column: 'Pages', desc: false } }),
        counts: useDatabaseTableCounts([database.id]),
        insert: useInsertDatabaseRows(),
        update: useUpdateDatabaseRow(),
      }),
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.rows.data?.total).toBe(0));
    let summary: unknown;
    await act(async () => {
      summary = await result.current.insert.mutateAsync({ tableId: table.id, rows: [{ Title: 'B', Pages: 20 }, { Title: 'A', Pages: 3 }, { Pages: 'x' }] });
    });
    expect(summary).toMatchObject({ inserted: 2, skipped: 1 });
    await waitFor(() => expect(result.current.rows.data?.rows.map((row) => row.data.Title)).toEqual(['A', 'B']));
    await waitFor(() => expect(result.current.counts.data?.[0]?.row_count).toBe(2));

    const first = result.current.rows.data?.rows[0];
    if (!first) throw new Error('no row');
    await act(async () => {
      await result.current.update.mutateAsync({ row: first, patch: { Pages: 99 } });
    });
    await waitFor(() => expect(result.current.rows.data?.rows.map((row) => row.data.Title)).toEqual(['B', 'A']));

    // The same (now stale) row from another tab.
    await act(async () => {
      await result.current.update.mutateAsync({ row: first, patch: { Pages: 1 } }).catch(() => undefined);
    });
    await waitFor(() => expect(result.current.update.error?.code).toBe('conflict'));
  });

  it('a row written elsewhere (an app run) appears when Realtime reports the table changed, and only then', async () => {
    const { client, database, table } = library();
    const { result, unmount } = renderHook(() => ({ rows: useDatabaseRows({ tableId: table.id }), counts: useDatabaseTableCounts([database.id]) }), {
      wrapper: wrapperFor(client),
    });
    await waitFor(() => expect(result.current.rows.data?.total).toBe(0));
    await waitFor(() => expect(client.fake.liveCount()).toBe(1));
    const at = new Date().toISOString();
    client.fake.data.databaseRows[table.id] = [{ id: crypto.randomUUID(), data: { Title: 'From a run' }, created_at: at, updated_at: at }];
    // Another table's change is not this grid's business.
    act(() => client.fake.emitLive({ table: 'DatabaseTableStats', eventType: 'UPDATE', new: { table_id: crypto.randomUUID(), row_count: 1 }, old: {} }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.rows.data?.total).toBe(0);
    act(() => client.fake.emitLive({ table: 'DatabaseTableStats', eventType: 'UPDATE', new: { table_id: table.id, row_count: 1 }, old: {} }));
    await waitFor(() => expect(result.current.rows.data?.rows.map((row) => row.data.Title)).toEqual(['From a run']));
    await waitFor(() => expect(result.current.counts.data?.[0]?.row_count).toBe(1));
    unmount();
    expect(client.fake.liveCount()).toBe(0);
  });

  it('a structure preview reports what would happen and changes nothing', async () => {
    const { client, table } = library();
    await client.databases.insertRows(table.id, [{ Title: 'Dune' }]);
    const { result } = renderHook(() => useChangeDatabaseTable(), { wrapper: wrapperFor(client) });
    await act(async () => {
      await result.current.mutateAsync({ tableId: table.id, columns: [{ name: 'Title', type: 'number', from: 'Title' }, { name: 'Pages', type: 'number', from: 'Pages' }], apply: false });
    });
    expect(result.current.data?.changes).toEqual([{ kind: 'retype', column: 'Title', from: 'text', type: 'number', rows: 1, unconvertible: 1, keptIn: 'Title (text)' }]);
    expect(client.fake.data.databaseRows[table.id]?.map((row) => row.data)).toEqual([{ Title: 'Dune' }]);
  });

  it('a scrolling grid loads the server’s pages one after another, sorted and filtered, and stops at its row cap', async () => {
    const { client, table } = library();
    await client.databases.insertRows(table.id, Array.from({ length: 9 }, (_, i) => ({ Title: `Book ${String(i + 1)}`, Pages: i + 1 })));
    const { result } = renderHook(
      () => useDatabaseRowsInfinite({ tableId: table.id, sort: { column: 'Pages', desc: true }, filters: [{ column: 'Pages', op: 'gte', value: '2' }], pageSize: 3, maxRows: 7 }),
      { wrapper: wrapperFor(client) },
    );
    const pages = () => result.current.data?.pages.map((page) => page.rows.map((row) => row.data.Pages)) ?? [];
    await waitFor(() => expect(pages()).toEqual([[9, 8, 7]]));
    // The pages count nothing: whether another follows is read.
    expect(result.current.data?.pages[0]).not.toHaveProperty('total');
    expect(result.current.data?.pages[0]?.has_more).toBe(true);
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await act(() => result.current.fetchNextPage());
    // 7 rows at most: the third page asks for one row only, and there is no fourth.
    await waitFor(() => expect(pages()).toEqual([[9, 8, 7], [6, 5, 4], [3]]));
    expect(result.current.hasNextPage).toBe(false);
  });

  it('counts the matching rows once per filter, apart from the pages', async () => {
    const { client, table } = library();
    await client.databases.insertRows(table.id, Array.from({ length: 9 }, (_, i) => ({ Title: `Book ${String(i + 1)}`, Pages: i + 1 })));
    const { result, rerender } = renderHook((filters: { column: string; op: 'gte'; value: string }[]) => useDatabaseRowsCount({ tableId: table.id, filters }), {
      wrapper: wrapperFor(client),
      initialProps: [{ column: 'Pages', op: 'gte', value: '2' }],
    });
    await waitFor(() => expect(result.current.data).toEqual({ total: 8, capped: false }));
    rerender([{ column: 'Pages', op: 'gte', value: '8' }]);
    await waitFor(() => expect(result.current.data).toEqual({ total: 2, capped: false }));
    expect(client.fake.calls('databases.rowsCount')).toHaveLength(2);
    await expect(client.databases.rowsCount({ tableId: table.id, filters: [{ column: 'Nope', op: 'eq', value: '1' }] })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
