import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

export interface SetApiAccessInput {
  appId: string;
  enabled: boolean;
}

/** Turns an app's API access on or off; the app's cached answers refresh. */
export function useSetApiAccess(): UseMutationResult<void, AppforgeError, SetApiAccessInput> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, SetApiAccessInput>({
    mutationFn: ({ appId, enabled }) => client.apiKeys.setApiAccess(appId, enabled),
    onSuccess: async (_result, { appId }) => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.appApiAccess(user?.id, appId) });
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.app(user?.id, appId) });
    },
  });
}
