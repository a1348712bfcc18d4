import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ClassMemberRow } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Removes a student from the class (teacher): they cannot re-join; their runs stay for the teacher. */
export function useRemoveMember(): UseMutationResult<ClassMemberRow, AppforgeError, string> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<ClassMemberRow, AppforgeError, string>({
    mutationFn: (memberId) => client.classes.removeMember(memberId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.classes(user?.id) });
    },
  });
}
