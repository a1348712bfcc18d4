import type { AppforgeClient, DatabaseRecord, DatabaseRowFilter } from '@appforge/sdk';

/** Every row of a table (or of a filtered view), page by page, in the grid's order. */
export async function fetchAllRows(
  client: Pick<AppforgeClient, 'databases'>,
  query: { tableId: string; filters?: DatabaseRowFilter[]; sort?: { column: string; desc: boolean } | null },
  pageSize = 500,
): Promise<DatabaseRecord[]> {
  const rows: DatabaseRecord[] = [];
  for (let offset = 0; ; offset += pageSize) {
    // No count per page: has_more says whether another follows (a filtered count stops at 10,000).
    const page = await client.databases.rowsSlice({ ...query, offset, limit: pageSize });
    rows.push(...page.rows);
    if (!page.has_more || page.rows.length === 0) return rows;
  }
}
