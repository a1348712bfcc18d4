import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PaidBundleOffer } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The paid bundles holding an app that the caller could buy to run it (for the app's own pages). */
export function usePaidBundles(appId: string | undefined): UseQueryResult<PaidBundleOffer[], AppforgeError> {
  const client = useAppforge();
  const { user, status } = useSession();
  return useQuery<PaidBundleOffer[], AppforgeError>({
    queryKey: appforgeKeys.paidBundles(user?.id, appId),
    queryFn: () => client.billing.paidBundlesOf(appId ?? ''),
    enabled: appId !== undefined && status !== 'loading',
    retry: retryTransient,
  });
}
