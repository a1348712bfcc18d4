import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppDetail } from '../app-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** An app as its owner sees it (settings, config); idle without an id or a session. */
export function useApp(appId: string | null | undefined): UseQueryResult<AppDetail, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<AppDetail, AppforgeError>({
    queryKey: appforgeKeys.app(user?.id, appId ?? undefined),
    queryFn: () => client.apps.get(appId ?? ''),
    enabled: user !== null && typeof appId === 'string' && appId !== '',
    retry: retryTransient,
  });
}
