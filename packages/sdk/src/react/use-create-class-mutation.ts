import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ClassRow, CreateClassInput } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Creates a class (teachers only: 403 for anyone else); the server sets its join code. */
export function useCreateClass(): UseMutationResult<ClassRow, AppforgeError, CreateClassInput> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<ClassRow, AppforgeError, CreateClassInput>({
    mutationFn: (input) => client.classes.create(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.classes(user?.id) });
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.schoolInfo(user?.id) });
    },
  });
}
