import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppDetail } from '../app-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

interface LinkContext {
  previous: AppDetail | undefined;
}

/**
 * Links the app to a database (or unlinks it with null). The cached app shows the new link at
 * once; a refused link puts the previous one back.
 */
export function useLinkDatabase(appId: string): UseMutationResult<AppDetail, AppforgeError, string | null, LinkContext> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = appforgeKeys.app(user?.id, appId);
  return useMutation<AppDetail, AppforgeError, string | null, LinkContext>({
    mutationFn: (databaseId) => client.apps.linkDatabase(appId, databaseId),
    onMutate: async (databaseId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AppDetail>(key);
      if (previous) queryClient.setQueryData<AppDetail>(key, { ...previous, database_id: databaseId });
      return { previous };
    },
    onError: (_error, _databaseId, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (app) => {
      queryClient.setQueryData(key, app);
    },
  });
}
