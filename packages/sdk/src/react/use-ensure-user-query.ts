import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { EnsureUserResult } from '../types';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/**
 * After sign-in: makes sure the User row exists (add-user with the referral app id when it is
 * missing) and answers the user's access status. Safe to repeat: add-user is idempotent.
 */
export function useEnsureUser(
  referralAppId: string | null | undefined,
  options: { enabled?: boolean } = {},
): UseQueryResult<EnsureUserResult, AppforgeError> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id;
  return useQuery<EnsureUserResult, AppforgeError>({
    queryKey: [...appforgeKeys.user(userId), 'ensure'],
    queryFn: async () => {
      const result = await client.users.ensure({ referralAppId: referralAppId ?? null });
      // A row created just now makes an earlier "no row yet" answer of useMe stale.
      if (result.created) await queryClient.invalidateQueries({ queryKey: appforgeKeys.me(userId) });
      return result;
    },
    enabled: (options.enabled ?? true) && user !== null,
    retry: retryTransient,
    staleTime: Infinity,
  });
}
