import type { AppforgeError, MySales } from '@appforge/sdk';
import { appforgeKeys, retryTransient, useAppforge, useSession } from '@appforge/sdk/react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';

/** Query key of the signed-in seller's sales (all, or one bundle's), under the SDK's keys so a sign-out clears it. */
export const mySalesKey = (userId: string | undefined, bundleId: string | undefined) =>
  [...appforgeKeys.all, 'my-sales', userId ?? null, bundleId ?? null] as const;

/**
 * The signed-in person's sales of their apps and bundles (or of one bundle): the latest ones and
 * the revenue, sale, refund and buyer figures over all of them.
 */
export function useMySales(bundleId?: string): UseQueryResult<MySales, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<MySales, AppforgeError>({
    queryKey: mySalesKey(user?.id, bundleId),
    queryFn: () => client.billing.mySales(bundleId === undefined ? {} : { bundleId }),
    enabled: user !== null,
    retry: retryTransient,
  });
}
