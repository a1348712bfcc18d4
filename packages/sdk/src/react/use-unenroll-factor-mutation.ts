import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Removes an MFA factor (a verified one needs an aal2 session). */
export function useUnenrollFactor(): UseMutationResult<void, AppforgeError, string> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, string>({
    mutationFn: (factorId) => client.auth.unenroll(factorId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appforgeKeys.factors(user?.id) }),
        queryClient.invalidateQueries({ queryKey: appforgeKeys.assuranceLevel(user?.id) }),
      ]),
  });
}
