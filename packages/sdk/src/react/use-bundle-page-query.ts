import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { BundlePage } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The public bundle page as the caller (visitor or signed in) sees it, with their access. */
export function useBundlePage(bundleId: string | undefined): UseQueryResult<BundlePage, AppforgeError> {
  const client = useAppforge();
  const { user, status } = useSession();
  return useQuery<BundlePage, AppforgeError>({
    queryKey: appforgeKeys.bundlePage(user?.id, bundleId),
    queryFn: () => client.bundles.page(bundleId ?? ''),
    enabled: bundleId !== undefined && status !== 'loading',
    retry: retryTransient,
  });
}
