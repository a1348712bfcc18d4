import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { BundleSummary } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The signed-in person's bundles, most recently changed first; idle while signed out. */
export function useMyBundles(): UseQueryResult<BundleSummary[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<BundleSummary[], AppforgeError>({
    queryKey: appforgeKeys.myBundles(user?.id),
    queryFn: () => client.bundles.listMine(),
    enabled: user !== null,
    retry: retryTransient,
  });
}
