import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Completes (without money) or cancels a local test checkout; resolves to the address to go back to. */
export function useFinishTestCheckout(): UseMutationResult<string, AppforgeError, { sessionId: string; action: 'complete' | 'cancel' }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<string, AppforgeError, { sessionId: string; action: 'complete' | 'cancel' }>({
    mutationFn: ({ sessionId, action }) => client.billing.finishTestCheckout(sessionId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.bundles(user?.id) }),
  });
}
