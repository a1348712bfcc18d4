import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PublicApp } from '../app-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** What a visitor sees of an app (never its config) with the deployed version's steps. */
export function usePublicApp(appId: string | null | undefined): UseQueryResult<PublicApp, AppforgeError> {
  const client = useAppforge();
  const { user, status } = useSession();
  return useQuery<PublicApp, AppforgeError>({
    queryKey: appforgeKeys.publicApp(user?.id, appId ?? undefined),
    queryFn: () => client.apps.getPublic(appId ?? ''),
    enabled: status !== 'loading' && typeof appId === 'string' && appId !== '',
    retry: retryTransient,
  });
}
