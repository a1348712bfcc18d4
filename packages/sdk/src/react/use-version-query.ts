import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppVersionRow } from '../app-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** One version with its steps. */
export function useVersion(versionId: string | null | undefined): UseQueryResult<AppVersionRow, AppforgeError> {
  const client = useAppforge();
  const { user, status } = useSession();
  return useQuery<AppVersionRow, AppforgeError>({
    queryKey: appforgeKeys.version(user?.id, versionId ?? undefined),
    queryFn: () => client.versions.get(versionId ?? ''),
    enabled: status !== 'loading' && typeof versionId === 'string' && versionId !== '',
    retry: retryTransient,
  });
}
