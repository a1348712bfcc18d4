import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { UserIdentity } from '../types';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Unlinks a sign-in method (the last one cannot be removed). */
export function useUnlinkIdentity(): UseMutationResult<void, AppforgeError, UserIdentity> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, UserIdentity>({
    mutationFn: (identity) => client.auth.unlinkIdentity(identity),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.identities(user?.id) }),
  });
}
