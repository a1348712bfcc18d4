import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Deletes one of the person's APIs (its endpoints and secret go with it). */
export function useDeleteApi(): UseMutationResult<void, AppforgeError, string> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, string>({
    mutationFn: (apiId) => client.apis.remove(apiId),
    onSuccess: async (_void, apiId) => {
      queryClient.removeQueries({ queryKey: appforgeKeys.externalApi(user?.id, apiId) });
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.myExternalApis(user?.id) });
    },
  });
}
