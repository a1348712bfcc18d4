import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { BundleDetail, BundlePatch } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Saves a bundle’s name, description, visibility or price. */
export function useUpdateBundle(): UseMutationResult<BundleDetail, AppforgeError, { bundleId: string; patch: BundlePatch }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<BundleDetail, AppforgeError, { bundleId: string; patch: BundlePatch }>({
    mutationFn: ({ bundleId, patch }) => client.bundles.update(bundleId, patch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.bundles(user?.id) }),
  });
}
