import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { SignOutScope } from '../types';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Signs out (everywhere by default) and forgets the cached data of the person who left. */
export function useSignOut(): UseMutationResult<void, AppforgeError, SignOutScope | undefined> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, SignOutScope | undefined>({
    mutationFn: (scope) => client.auth.signOut(scope),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: appforgeKeys.user(user?.id) });
    },
  });
}
