import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ClassMemberRow } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Changes a student's name in the class (teacher). */
export function useRenameMember(): UseMutationResult<ClassMemberRow, AppforgeError, { memberId: string; displayName: string }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<ClassMemberRow, AppforgeError, { memberId: string; displayName: string }>({
    mutationFn: (input) => client.classes.renameMember(input.memberId, input.displayName),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.classes(user?.id) });
    },
  });
}
