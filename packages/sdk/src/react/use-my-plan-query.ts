import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { MyPlan } from '../bundle-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The person's plan, usage this month against its limits, receipts and limit notices. */
export function useMyPlan(): UseQueryResult<MyPlan, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<MyPlan, AppforgeError>({
    queryKey: appforgeKeys.myPlan(user?.id),
    queryFn: () => client.billing.myPlan(),
    enabled: user !== null,
    retry: retryTransient,
  });
}
