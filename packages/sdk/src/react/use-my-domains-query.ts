import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CustomDomain, DomainScope } from '../custom-domains';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** How often the list refreshes while a domain waits for its records (the server re-checks). */
export const PENDING_DOMAINS_REFRESH_MS = 30_000;

/** The signed-in owner's custom domains of one app or bundle; refreshes while any is pending. */
export function useMyDomains(scope: DomainScope): UseQueryResult<CustomDomain[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<CustomDomain[], AppforgeError>({
    queryKey: appforgeKeys.myDomains(user?.id, scope),
    queryFn: () => client.customDomains.listMine(scope),
    enabled: user !== null,
    retry: retryTransient,
    refetchInterval: (query) => (query.state.data?.some((domain) => domain.status === 'pending') ? PENDING_DOMAINS_REFRESH_MS : false),
  });
}
