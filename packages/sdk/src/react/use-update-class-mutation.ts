import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ClassPatch, ClassRow } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Renames, archives or unarchives a class, or changes its settings (runs per day, checks, e-mail alerts). */
export function useUpdateClass(): UseMutationResult<ClassRow, AppforgeError, { classId: string; patch: ClassPatch }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<ClassRow, AppforgeError, { classId: string; patch: ClassPatch }>({
    mutationFn: (input) => client.classes.update(input.classId, input.patch),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.classes(user?.id) });
    },
  });
}
