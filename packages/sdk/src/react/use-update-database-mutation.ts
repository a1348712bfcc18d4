import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { DatabaseDetail, DatabasePatch } from '../database-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Renames a database or changes its description. */
export function useUpdateDatabase(): UseMutationResult<DatabaseDetail, AppforgeError, { databaseId: string; patch: DatabasePatch }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<DatabaseDetail, AppforgeError, { databaseId: string; patch: DatabasePatch }>({
    mutationFn: ({ databaseId, patch }) => client.databases.update(databaseId, patch),
    onSettled: async () => {
      // Rows, counts, tables and the list all live under the person's `databases` key.
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.databases(user?.id) });
    },
  });
}
