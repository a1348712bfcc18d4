import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Removes a run cap. */
export function useRemoveUsageCap(): UseMutationResult<void, AppforgeError, string> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, string>({
    mutationFn: (id) => client.bundles.removeCap(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.bundles(user?.id) }),
  });
}
