import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Verifies a TOTP code: finishes an enrolment, or raises the session to aal2 at sign-in. */
export function useVerifyTotp(): UseMutationResult<void, AppforgeError, { factorId: string; code: string }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, { factorId: string; code: string }>({
    mutationFn: ({ factorId, code }) => client.auth.challengeAndVerify(factorId, code),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appforgeKeys.factors(user?.id) }),
        queryClient.invalidateQueries({ queryKey: appforgeKeys.assuranceLevel(user?.id) }),
      ]),
  });
}
