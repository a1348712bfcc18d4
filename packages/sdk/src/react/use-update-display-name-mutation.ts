import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { UserRow } from '../types';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Renames the signed-in user (1–100 characters); the cached User row updates with the answer. */
export function useUpdateDisplayName(): UseMutationResult<UserRow, AppforgeError, string> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<UserRow, AppforgeError, string>({
    mutationFn: (name) => client.users.updateDisplayName(name),
    onSuccess: (row) => {
      queryClient.setQueryData(appforgeKeys.me(user?.id), row);
    },
  });
}
