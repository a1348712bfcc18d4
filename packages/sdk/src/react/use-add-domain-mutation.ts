import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { CustomDomain, DomainTargetRef } from '../custom-domains';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/**
 * Adds a host to an app, its landing page or a bundle; it is checked at once. Fails with
 * `invalid_host` (what to change), `domain_taken` or `domain_already_yours`; nothing changes then.
 */
export function useAddDomain(): UseMutationResult<CustomDomain, AppforgeError, { host: string; target: DomainTargetRef }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<CustomDomain, AppforgeError, { host: string; target: DomainTargetRef }>({
    mutationFn: ({ host, target }) => client.customDomains.add(host, target),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.myDomains(user?.id) }),
  });
}
