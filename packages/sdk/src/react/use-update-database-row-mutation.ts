import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { DatabaseRecord } from '../database-data';
import type { Json } from '../database.types';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

export interface UpdateDatabaseRowInput {
  row: DatabaseRecord;
  patch: Record<string, Json>;
}

/**
 * Edits cells of a row as it was read (its `updated_at`). A row changed elsewhere meanwhile is
 * refused with `conflict` (the current row in `details`); the grid then shows both and refreshes.
 */
export function useUpdateDatabaseRow(): UseMutationResult<DatabaseRecord, AppforgeError, UpdateDatabaseRowInput> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<DatabaseRecord, AppforgeError, UpdateDatabaseRowInput>({
    mutationFn: ({ row, patch }) => client.databases.updateRow(row.id, patch, row.updated_at),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.databases(user?.id) });
    },
  });
}
