import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { BundleDetail } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** One of the person's bundles with its apps in order (someone else's is not_found). */
export function useBundle(bundleId: string | undefined): UseQueryResult<BundleDetail, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<BundleDetail, AppforgeError>({
    queryKey: appforgeKeys.bundle(user?.id, bundleId),
    queryFn: () => client.bundles.get(bundleId ?? ''),
    enabled: user !== null && bundleId !== undefined,
    retry: retryTransient,
  });
}
