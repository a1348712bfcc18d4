import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { BundleDetail } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Saves which apps a bundle holds, in order. */
export function useSetBundleApps(): UseMutationResult<BundleDetail, AppforgeError, { bundleId: string; appIds: string[] }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<BundleDetail, AppforgeError, { bundleId: string; appIds: string[] }>({
    mutationFn: ({ bundleId, appIds }) => client.bundles.setApps(bundleId, appIds),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.bundles(user?.id) }),
  });
}
