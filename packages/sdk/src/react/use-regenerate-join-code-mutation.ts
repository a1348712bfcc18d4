import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ClassRow } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Gives a class a new join code (the old one stops working at once), optionally expiring. */
export function useRegenerateJoinCode(): UseMutationResult<ClassRow, AppforgeError, { classId: string; expiresAt?: string | null }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<ClassRow, AppforgeError, { classId: string; expiresAt?: string | null }>({
    mutationFn: ({ classId, expiresAt }) => client.classes.regenerateJoinCode(classId, expiresAt ?? null),
    onSuccess: async (row) => {
      queryClient.setQueryData(appforgeKeys.class(user?.id, row.id), row);
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.teacherClasses(user?.id) });
    },
  });
}
