import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppVersionRow } from '../app-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** An app's versions, newest first. */
export function useVersions(appId: string | null | undefined): UseQueryResult<AppVersionRow[], AppforgeError> {
  const client = useAppforge();
  const { user, status } = useSession();
  return useQuery<AppVersionRow[], AppforgeError>({
    queryKey: appforgeKeys.versions(user?.id, appId ?? undefined),
    queryFn: () => client.versions.list(appId ?? ''),
    enabled: status !== 'loading' && typeof appId === 'string' && appId !== '',
    retry: retryTransient,
  });
}
