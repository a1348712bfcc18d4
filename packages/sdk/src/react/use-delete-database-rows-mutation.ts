import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Deletes rows by id; answers how many went. */
export function useDeleteDatabaseRows(): UseMutationResult<number, AppforgeError, string[]> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<number, AppforgeError, string[]>({
    mutationFn: (rowIds) => client.databases.deleteRows(rowIds),
    onSettled: async () => {
      // Rows, counts, tables and the list all live under the person's `databases` key.
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.databases(user?.id) });
    },
  });
}
