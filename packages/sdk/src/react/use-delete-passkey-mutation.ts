import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Deletes one of the person's passkeys (it can no longer sign in). */
export function useDeletePasskey(): UseMutationResult<void, AppforgeError, string> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, string>({
    mutationFn: (passkeyId) => client.auth.deletePasskey(passkeyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.passkeys(user?.id) }),
  });
}
