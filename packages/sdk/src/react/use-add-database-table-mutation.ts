import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { DatabaseColumn, DatabaseTableInfo } from '../database-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Adds a table to a database. */
export function useAddDatabaseTable(): UseMutationResult<DatabaseTableInfo, AppforgeError, { databaseId: string; name: string; columns: DatabaseColumn[] }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<DatabaseTableInfo, AppforgeError, { databaseId: string; name: string; columns: DatabaseColumn[] }>({
    mutationFn: ({ databaseId, name, columns }) => client.databases.addTable(databaseId, { name, columns }),
    onSettled: async () => {
      // Rows, counts, tables and the list all live under the person's `databases` key.
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.databases(user?.id) });
    },
  });
}
