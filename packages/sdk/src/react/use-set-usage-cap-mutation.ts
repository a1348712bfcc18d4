import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AllowedItem, UsageCapInput, UsageCapRow } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Sets (or changes) a run cap of a bundle or app. */
export function useSetUsageCap(): UseMutationResult<UsageCapRow, AppforgeError, { item: AllowedItem; cap: UsageCapInput }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<UsageCapRow, AppforgeError, { item: AllowedItem; cap: UsageCapInput }>({
    mutationFn: ({ item, cap }) => client.bundles.setCap(item, cap),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.bundles(user?.id) }),
  });
}
