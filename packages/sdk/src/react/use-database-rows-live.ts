import { appforgeKeys } from './appforge-keys';
import { useLiveSubscription } from './use-live-subscription';

/**
 * A write to the table anywhere (another tab, an app's `database` step, an import) changes the
 * table's DatabaseTableStats row, which Realtime tells the owner about: every loaded page of the
 * table's rows and the counts reload. Shared by the paged and the scrolling row hooks.
 */
export function useDatabaseRowsLive(tableId: string | undefined): void {
  useLiveSubscription(tableId ? { table: 'DatabaseTableStats', match: { column: 'table_id', value: tableId } } : null, (_row, _change, queryClient, userId) => {
    void queryClient.invalidateQueries({ queryKey: appforgeKeys.databaseRows(userId, tableId).slice(0, -1) });
    void queryClient.invalidateQueries({ queryKey: appforgeKeys.databaseCounts(userId, []).slice(0, -1) });
  });
}
