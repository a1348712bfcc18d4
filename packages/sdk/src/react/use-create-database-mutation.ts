import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { CreateDatabaseInput, DatabaseDetail } from '../database-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Creates a database (and its first tables); the new one is cached and the list refreshes. */
export function useCreateDatabase(): UseMutationResult<DatabaseDetail, AppforgeError, CreateDatabaseInput> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<DatabaseDetail, AppforgeError, CreateDatabaseInput>({
    mutationFn: (input) => client.databases.create(input),
    onSuccess: async (database) => {
      queryClient.setQueryData(appforgeKeys.database(user?.id, database.id), database);
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.myDatabases(user?.id) });
    },
  });
}
