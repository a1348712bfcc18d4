import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ColumnChange, TableChangeResult } from '../database-data';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** A table's new column list, previewed (`apply: false`) or applied; the result says what happens to the rows. */
export function useChangeDatabaseTable(): UseMutationResult<TableChangeResult, AppforgeError, { tableId: string; columns: ColumnChange[]; apply: boolean }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<TableChangeResult, AppforgeError, { tableId: string; columns: ColumnChange[]; apply: boolean }>({
    mutationFn: ({ tableId, columns, apply }) => client.databases.changeTable(tableId, columns, apply),
    onSettled: async () => {
      // Rows, counts, tables and the list all live under the person's `databases` key.
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.databases(user?.id) });
    },
  });
}
