import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AllowedItem, AllowedUserRow } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Who may open the owner's bundle or app without paying. */
export function useAllowedUsers(item: AllowedItem): UseQueryResult<AllowedUserRow[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<AllowedUserRow[], AppforgeError>({
    queryKey: appforgeKeys.allowedUsers(user?.id, item.id),
    queryFn: () => client.bundles.allowedUsers(item),
    enabled: user !== null,
    retry: retryTransient,
  });
}
