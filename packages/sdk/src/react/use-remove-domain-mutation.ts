import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Removes a domain: from then on the host says it is not connected to an app. */
export function useRemoveDomain(): UseMutationResult<void, AppforgeError, { host: string }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<void, AppforgeError, { host: string }>({
    mutationFn: ({ host }) => client.customDomains.remove(host),
    onSuccess: async (_, { host }) => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.myDomains(user?.id) });
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.customDomain(host) });
    },
  });
}
