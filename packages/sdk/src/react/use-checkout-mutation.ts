import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { CheckoutStart } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Starts paying for an app, a bundle or the Pro plan; resolves to where the browser goes. */
export function useCheckout(): UseMutationResult<CheckoutStart, AppforgeError, { item_kind: 'app' | 'bundle' | 'plan'; item_id: string; return_path: string }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<CheckoutStart, AppforgeError, { item_kind: 'app' | 'bundle' | 'plan'; item_id: string; return_path: string }>({
    mutationFn: (input) => client.billing.checkout(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.bundles(user?.id) }),
  });
}
