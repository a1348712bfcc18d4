import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The second-factor step with a security key: raises the session to aal2. */
export function useVerifyWebauthn(): UseMutationResult<void, AppforgeError, string> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, string>({
    mutationFn: (factorId) => client.auth.verifyWebauthn(factorId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.assuranceLevel(user?.id) }),
  });
}
