import { describe, expect, it } from 'vitest';
import { library } from '../../test/render-fake';
import { fetchAllRows } from './fetch-all-rows';

describe('fetchAllRows (the CSV export of a table or a filtered view)', () => {
  it('reads every matching row, in the grid’s order, past the 10,000 a filtered count stops at', async () => {
    const { client, books } = library(Array.from({ length: 10_050 }, (_, i) => ({ Title: `Book ${String(i)}`, Pages: i })));
    const filters = [{ column: 'Pages', op: 'gte' as const, value: '20' }];
    expect(await client.databases.rowsCount({ tableId: books.id, filters })).toEqual({ total: 10_000, capped: true });
    const rows = await fetchAllRows(client, { tableId: books.id, filters, sort: { column: 'Pages', desc: true } }, 500);
    expect(rows).toHaveLength(10_030);
    expect(rows[0]?.data.Pages).toBe(10_049);
    expect(rows.at(-1)?.data.Pages).toBe(20);
    // Pages without a count; one past the last full page says there is no more.
    expect(client.fake.calls('databases.rowsSlice')).toHaveLength(21);
  });

  it('reads an empty view with one call', async () => {
    const { client, books } = library([{ Title: 'Dune', Pages: 412 }]);
    expect(await fetchAllRows(client, { tableId: books.id, filters: [{ column: 'Pages', op: 'lt', value: '0' }] })).toEqual([]);
    expect(client.fake.calls('databases.rowsSlice')).toHaveLength(1);
  });
});
