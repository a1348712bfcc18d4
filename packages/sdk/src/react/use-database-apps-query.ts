import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DatabaseAppUse } from '../database-data';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The person's apps that use this database (null: that use any of their databases); idle without an id. */
export function useDatabaseApps(databaseId: string | null | undefined): UseQueryResult<DatabaseAppUse[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<DatabaseAppUse[], AppforgeError>({
    queryKey: appforgeKeys.databaseApps(user?.id, databaseId ?? 'all'),
    queryFn: () => client.databases.appsUsing(databaseId ?? null),
    enabled: user !== null && databaseId !== undefined && databaseId !== '',
    retry: retryTransient,
  });
}
