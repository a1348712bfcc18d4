import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { normaliseHost } from '../custom-domains';
import type { AppforgeError } from '../errors';
import type { CustomDomainTarget } from '../types';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';

/** What a custom domain serves; `null` when the host is not a (verified) custom domain. */
export function useCustomDomain(
  host: string,
  options: { enabled?: boolean } = {},
): UseQueryResult<CustomDomainTarget | null, AppforgeError> {
  const client = useAppforge();
  const value = normaliseHost(host);
  return useQuery<CustomDomainTarget | null, AppforgeError>({
    queryKey: appforgeKeys.customDomain(value),
    queryFn: () => client.customDomains.lookup(value),
    enabled: (options.enabled ?? true) && value !== '',
    retry: retryTransient,
    staleTime: 5 * 60_000,
  });
}
