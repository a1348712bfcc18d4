import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { CustomDomain, DomainTargetRef } from '../custom-domains';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Switches what a domain shows (the app, its landing page or a bundle). */
export function useSwitchDomain(): UseMutationResult<CustomDomain, AppforgeError, { host: string; target: DomainTargetRef }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<CustomDomain, AppforgeError, { host: string; target: DomainTargetRef }>({
    mutationFn: ({ host, target }) => client.customDomains.switchTarget(host, target),
    onSuccess: async (domain) => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.myDomains(user?.id) });
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.customDomain(domain.host) });
    },
  });
}
