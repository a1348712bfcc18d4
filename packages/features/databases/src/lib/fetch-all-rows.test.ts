import { setupAppforgeBackend } from '@appforge/test-backend';
import { describe, expect, it } from 'vitest';
import { library, recordingNetwork } from '../../test/render';
import { fetchAllRows } from './fetch-all-rows';

const backend = setupAppforgeBackend();

/** The pages read without a count (`rowsSlice`: database_rows_page with with_total false). */
const slices = (network: ReturnType<typeof recordingNetwork>) => network.calls('database_rows_page').filter((args) => args.with_total === false);

describe('fetchAllRows (the CSV export of a table or a filtered view)', () => {
  it('reads every matching row, in the grid’s order, past the 10,000 a filtered count stops at', async () => {
    const network = recordingNetwork();
    const { client, books } = await library(
      backend(),
      Array.from({ length: 10_050 }, (_, i) => ({ Title: `Book ${String(i)}`, Pages: i })),
      { fetch: network.fetch },
    );
    const filters = [{ column: 'Pages', op: 'gte' as const, value: '20' }];
    expect(await client.databases.rowsCount({ tableId: books.id, filters })).toEqual({ total: 10_000, capped: true });
    const rows = await fetchAllRows(client, { tableId: books.id, filters, sort: { column: 'Pages', desc: true } }, 500);
    expect(rows).toHaveLength(10_030);
    expect(rows[0]?.data.Pages).toBe(10_049);
    expect(rows.at(-1)?.data.Pages).toBe(20);
    expect(new Set(rows.map((row) => row.id)).size).toBe(10_030);
    // Pages without a count; one past the last full page says there is no more.
    expect(slices(network)).toHaveLength(21);
  });

  it('reads an empty view with one call', async () => {
    const network = recordingNetwork();
    const { client, books } = await library(backend(), [{ Title: 'Dune', Pages: 412 }], { fetch: network.fetch });
    expect(await fetchAllRows(client, { tableId: books.id, filters: [{ column: 'Pages', op: 'lt', value: '0' }] })).toEqual([]);
    expect(slices(network)).toHaveLength(1);
  });
});
