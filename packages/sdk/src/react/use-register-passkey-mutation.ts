import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { Passkey } from '../types';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Adds a passkey: the browser asks the person's authenticator, the server checks and keeps it. */
export function useRegisterPasskey(): UseMutationResult<Passkey, AppforgeError, void> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<Passkey, AppforgeError, void>({
    mutationFn: () => client.auth.registerPasskey(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.passkeys(user?.id) }),
  });
}
