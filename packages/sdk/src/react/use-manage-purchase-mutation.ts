import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Opens the billing portal of a purchase or cancels a subscription at its period end. */
export function useManagePurchase(): UseMutationResult<{ url?: string | undefined; cancel_at_period_end?: boolean | undefined }, AppforgeError, { purchaseId: string; action: 'portal' | 'cancel' }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<{ url?: string | undefined; cancel_at_period_end?: boolean | undefined }, AppforgeError, { purchaseId: string; action: 'portal' | 'cancel' }>({
    mutationFn: ({ purchaseId, action }) => client.billing.managePurchase(purchaseId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.bundles(user?.id) }),
  });
}
