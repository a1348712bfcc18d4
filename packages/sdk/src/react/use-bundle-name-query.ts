import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';

/** A public bundle's name for sign-in branding; idle without an id. */
export function useBundleName(bundleId?: string | null): UseQueryResult<string, AppforgeError> {
  const client = useAppforge();
  const id = bundleId ?? undefined;
  return useQuery<string, AppforgeError>({
    queryKey: appforgeKeys.bundleName(id),
    queryFn: () => client.bundles.getName(id ?? ''),
    enabled: id !== undefined && id !== '',
    retry: retryTransient,
    staleTime: 5 * 60_000,
  });
}
