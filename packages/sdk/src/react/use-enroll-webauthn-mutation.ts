import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Enrols a security key (or this device) as a second factor, in one browser ceremony. */
export function useEnrollWebauthn(): UseMutationResult<void, AppforgeError, string> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, string>({
    mutationFn: (friendlyName) => client.auth.enrollWebauthn(friendlyName),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appforgeKeys.factors(user?.id) }),
        queryClient.invalidateQueries({ queryKey: appforgeKeys.assuranceLevel(user?.id) }),
      ]),
  });
}
