import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { InsertRowsResult } from '../database-data';
import type { Json } from '../database.types';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Inserts rows (an import batch or one new row); bad rows come back as errors, the rest are saved. */
export function useInsertDatabaseRows(): UseMutationResult<InsertRowsResult, AppforgeError, { tableId: string; rows: Record<string, Json>[] }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<InsertRowsResult, AppforgeError, { tableId: string; rows: Record<string, Json>[] }>({
    mutationFn: ({ tableId, rows }) => client.databases.insertRows(tableId, rows),
    onSettled: async () => {
      // Rows, counts, tables and the list all live under the person's `databases` key.
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.databases(user?.id) });
    },
  });
}
