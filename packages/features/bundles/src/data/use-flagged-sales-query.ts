import type { AppforgeError, FlaggedSale } from '@appforge/sdk';
import { appforgeKeys, retryTransient, useAppforge, useSession } from '@appforge/sdk/react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';

/** Query key of the signed-in seller's flagged sales, under the SDK's keys so a sign-out clears it. */
export const flaggedSalesKey = (userId: string | undefined) => [...appforgeKeys.all, 'flagged-sales', userId ?? null] as const;

/**
 * The signed-in person's sales whose paid amount or currency disagreed with the item's price
 * (newest first, at most 200): what the payment provider reported and what the price was.
 */
export function useFlaggedSales(): UseQueryResult<FlaggedSale[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<FlaggedSale[], AppforgeError>({
    queryKey: flaggedSalesKey(user?.id),
    queryFn: () => client.billing.flaggedSales(),
    enabled: user !== null,
    retry: retryTransient,
  });
}
