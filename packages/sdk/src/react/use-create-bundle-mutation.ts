import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { BundleDetail } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Creates a bundle of the signed-in person; the lists refresh. */
export function useCreateBundle(): UseMutationResult<BundleDetail, AppforgeError, { name: string; description?: string | null }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<BundleDetail, AppforgeError, { name: string; description?: string | null }>({
    mutationFn: (input) => client.bundles.create(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.bundles(user?.id) }),
  });
}
