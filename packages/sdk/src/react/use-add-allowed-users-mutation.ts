import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AddAllowedUsersResult, AllowedItem } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Lists people (addresses or @domains) who get in without paying; new addresses are invited. */
export function useAddAllowedUsers(): UseMutationResult<AddAllowedUsersResult, AppforgeError, { item: AllowedItem; entries: string[] }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<AddAllowedUsersResult, AppforgeError, { item: AllowedItem; entries: string[] }>({
    mutationFn: ({ item, entries }) => client.bundles.addAllowedUsers(item, entries),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.bundles(user?.id) }),
  });
}
