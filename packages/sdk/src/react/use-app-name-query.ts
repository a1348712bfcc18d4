import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';

/** A deployed app's name for sign-in branding; idle without an id. */
export function useAppName(appId?: string | null): UseQueryResult<string, AppforgeError> {
  const client = useAppforge();
  const id = appId ?? undefined;
  return useQuery<string, AppforgeError>({
    queryKey: appforgeKeys.appName(id),
    queryFn: () => client.apps.getName(id ?? ''),
    enabled: id !== undefined && id !== '',
    retry: retryTransient,
    staleTime: 5 * 60_000,
  });
}
