import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { JoinedClass } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Joins a class with its code (join-class: 404 wrong code, 403 removed, 429 too many tries). */
export function useJoinClass(): UseMutationResult<JoinedClass, AppforgeError, { code: string; displayName?: string }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<JoinedClass, AppforgeError, { code: string; displayName?: string }>({
    mutationFn: (input) => client.classes.join(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.classes(user?.id) });
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.schoolInfo(user?.id) });
    },
  });
}
