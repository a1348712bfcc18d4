import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TestCheckoutSession } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The local test checkout's session, for its buyer. */
export function useTestCheckout(sessionId: string | undefined): UseQueryResult<TestCheckoutSession, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<TestCheckoutSession, AppforgeError>({
    queryKey: appforgeKeys.testCheckout(user?.id, sessionId),
    queryFn: () => client.billing.testCheckout(sessionId ?? ''),
    enabled: user !== null && sessionId !== undefined,
    retry: retryTransient,
  });
}
