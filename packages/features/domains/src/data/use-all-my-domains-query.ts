import type { AppforgeError, CustomDomain } from '@appforge/sdk';
import { PENDING_DOMAINS_REFRESH_MS, retryTransient, useAppforge, useSession } from '@appforge/sdk/react';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { domainKeys } from './domain-keys';

/** Every custom domain of the signed-in person, of all their apps and bundles; refreshes while any is pending. */
export function useAllMyDomains(): UseQueryResult<CustomDomain[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<CustomDomain[], AppforgeError>({
    queryKey: domainKeys.allMine(user?.id),
    queryFn: () => client.customDomains.listMine(),
    enabled: user !== null,
    retry: retryTransient,
    refetchInterval: (query) => (query.state.data?.some((domain) => domain.status === 'pending') ? PENDING_DOMAINS_REFRESH_MS : false),
  });
}
