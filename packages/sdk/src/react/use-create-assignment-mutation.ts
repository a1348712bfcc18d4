import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AssignmentRow, CreateAssignmentInput } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Assigns an app or bundle (own or public; 403 for someone else's private one) to a class. */
export function useCreateAssignment(): UseMutationResult<AssignmentRow, AppforgeError, CreateAssignmentInput> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<AssignmentRow, AppforgeError, CreateAssignmentInput>({
    mutationFn: (input) => client.classes.createAssignment(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.classes(user?.id) });
    },
  });
}
