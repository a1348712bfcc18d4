import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AssignmentPatch, AssignmentRow } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Changes an assignment's instructions or dates. */
export function useUpdateAssignment(): UseMutationResult<AssignmentRow, AppforgeError, { assignmentId: string; patch: AssignmentPatch }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<AssignmentRow, AppforgeError, { assignmentId: string; patch: AssignmentPatch }>({
    mutationFn: (input) => client.classes.updateAssignment(input.assignmentId, input.patch),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.classes(user?.id) });
    },
  });
}
