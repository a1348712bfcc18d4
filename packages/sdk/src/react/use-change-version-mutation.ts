import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppVersionRow } from '../app-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Copies a version into a new draft (also "restore as new draft"); the app and versions refresh. */
export function useChangeVersion(): UseMutationResult<AppVersionRow, AppforgeError, { appId: string; versionId: string }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<AppVersionRow, AppforgeError, { appId: string; versionId: string }>({
    mutationFn: ({ appId, versionId }) => client.versions.changeVersion(appId, versionId),
    onSuccess: (version) => {
      queryClient.setQueryData(appforgeKeys.version(user?.id, version.id), version);
      return queryClient.invalidateQueries({ queryKey: appforgeKeys.apps(user?.id) });
    },
  });
}
