import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppVersionRow } from '../app-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/**
 * "Edit steps" in one click: the app's editable draft, copied from the live version first when
 * there is none. The draft is cached for the editor that opens next; the app and lists refresh.
 */
export function useOpenDraft(): UseMutationResult<AppVersionRow, AppforgeError, { appId: string }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<AppVersionRow, AppforgeError, { appId: string }>({
    mutationFn: ({ appId }) => client.versions.openDraft(appId),
    onSuccess: (version) => {
      queryClient.setQueryData(appforgeKeys.version(user?.id, version.id), version);
      return queryClient.invalidateQueries({ queryKey: appforgeKeys.apps(user?.id) });
    },
  });
}
