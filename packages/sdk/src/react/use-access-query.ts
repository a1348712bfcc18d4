import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Access } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** What the caller may do with an app or bundle ('owner', 'allowed', 'purchase', 'free' or null). */
export function useAccess(kind: 'app' | 'bundle', itemId: string | undefined): UseQueryResult<Access, AppforgeError> {
  const client = useAppforge();
  const { user, status } = useSession();
  return useQuery<Access, AppforgeError>({
    queryKey: appforgeKeys.access(user?.id, kind, itemId),
    queryFn: () => client.billing.access(kind, itemId ?? ''),
    enabled: itemId !== undefined && status !== 'loading',
    retry: retryTransient,
  });
}
