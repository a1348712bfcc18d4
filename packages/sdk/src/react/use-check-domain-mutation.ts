import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { CustomDomain } from '../custom-domains';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** "Check now": asks DNS for a domain's records and returns its new status. */
export function useCheckDomain(): UseMutationResult<CustomDomain, AppforgeError, { host: string }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<CustomDomain, AppforgeError, { host: string }>({
    mutationFn: ({ host }) => client.customDomains.check(host),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.myDomains(user?.id) }),
  });
}
