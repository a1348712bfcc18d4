import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AppRunStepRow, AppRunSummary } from '../types';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** One run with its steps. */
export function useRun(runId: string | null | undefined): UseQueryResult<{ run: AppRunSummary; steps: AppRunStepRow[] }, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<{ run: AppRunSummary; steps: AppRunStepRow[] }, AppforgeError>({
    queryKey: appforgeKeys.run(user?.id, runId ?? undefined),
    queryFn: () => client.runs.get(runId ?? ''),
    enabled: user !== null && typeof runId === 'string' && runId !== '',
    retry: retryTransient,
  });
}
