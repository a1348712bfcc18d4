import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Deletes the signed-in user and all their data, then signs out locally. */
export function useDeleteAccount(): UseMutationResult<void, AppforgeError, void> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, void>({
    mutationFn: () => client.auth.deleteAccount(),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: appforgeKeys.user(user?.id) });
    },
  });
}
