import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DatabaseDetail } from '../database-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** One of the person's databases with its tables in order; idle without an id or a session. */
export function useDatabase(databaseId: string | null | undefined): UseQueryResult<DatabaseDetail, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<DatabaseDetail, AppforgeError>({
    queryKey: appforgeKeys.database(user?.id, databaseId ?? undefined),
    queryFn: () => client.databases.get(databaseId ?? ''),
    enabled: user !== null && typeof databaseId === 'string' && databaseId !== '',
    retry: retryTransient,
  });
}
