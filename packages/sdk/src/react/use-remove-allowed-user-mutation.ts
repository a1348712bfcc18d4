import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Takes one person or domain off an allowed list. */
export function useRemoveAllowedUser(): UseMutationResult<void, AppforgeError, string> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, string>({
    mutationFn: (id) => client.bundles.removeAllowedUser(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.bundles(user?.id) }),
  });
}
