import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AssignableItem } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** What the teacher may assign: their own apps and bundles, and public ones. */
export function useAssignableItems(): UseQueryResult<AssignableItem[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<AssignableItem[], AppforgeError>({
    queryKey: appforgeKeys.assignableItems(user?.id),
    queryFn: () => client.classes.assignableItems(),
    enabled: user !== null,
    retry: retryTransient,
  });
}
