import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AllowedItem, UsageCapRow } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The run caps the owner set on a bundle or app. */
export function useUsageCaps(item: AllowedItem): UseQueryResult<UsageCapRow[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<UsageCapRow[], AppforgeError>({
    queryKey: appforgeKeys.caps(user?.id, item.id),
    queryFn: () => client.bundles.caps(item),
    enabled: user !== null,
    retry: retryTransient,
  });
}
