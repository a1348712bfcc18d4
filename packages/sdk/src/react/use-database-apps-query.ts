import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DatabaseAppUse } from '../database-data';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The person's apps that use this database. */
export function useDatabaseApps(databaseId: string | undefined): UseQueryResult<DatabaseAppUse[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<DatabaseAppUse[], AppforgeError>({
    queryKey: appforgeKeys.databaseApps(user?.id, databaseId),
    queryFn: () => client.databases.appsUsing(databaseId ?? ''),
    enabled: user !== null && typeof databaseId === 'string' && databaseId !== '',
    retry: retryTransient,
  });
}
