import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Deletes one of the signed-in person's apps (with its versions and runs). */
export function useDeleteApp(): UseMutationResult<void, AppforgeError, string> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, string>({
    mutationFn: (appId) => client.apps.remove(appId),
    onSuccess: (_result, appId) => {
      queryClient.removeQueries({ queryKey: appforgeKeys.app(user?.id, appId) });
      return queryClient.invalidateQueries({ queryKey: appforgeKeys.apps(user?.id) });
    },
  });
}
