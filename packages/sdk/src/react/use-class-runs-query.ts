import { useQuery } from '@tanstack/react-query';
import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import type { ClassRunRow } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useLiveSubscription } from './use-live-subscription';
import { useSession } from './use-session';

/**
 * A class's runs (teacher), newest first, with their steps' outputs; optionally one student's.
 * Live: a run starting, a step finishing and a run ending refetch the list without a reload
 * (AppRun by class; AppRunStep as far as row-level security lets the teacher hear it).
 */
export function useClassRuns(classId: string | undefined, options: { studentId?: string } = {}): UseQueryResult<ClassRunRow[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  const studentId = options.studentId;
  const refresh = (_row: Record<string, unknown>, _change: unknown, queryClient: QueryClient, userId: string): void => {
    void queryClient.invalidateQueries({ queryKey: appforgeKeys.classRuns(userId, classId).slice(0, -1) });
  };
  useLiveSubscription(classId ? { table: 'AppRun', match: { column: 'class_id', value: classId } } : null, refresh);
  useLiveSubscription(classId ? { table: 'AppRunStep' } : null, (row, change, queryClient, userId) => {
    const runId = row.run_id;
    const known = queryClient
      .getQueriesData<ClassRunRow[]>({ queryKey: appforgeKeys.classRuns(userId, classId).slice(0, -1) })
      .some(([, runs]) => runs?.some((run) => run.id === runId));
    if (known) refresh(row, change, queryClient, userId);
  });
  return useQuery<ClassRunRow[], AppforgeError>({
    queryKey: appforgeKeys.classRuns(user?.id, classId, studentId ? { studentId } : {}),
    queryFn: () => client.classes.runs(classId ?? '', studentId ? { studentId } : {}),
    enabled: user !== null && !!classId,
    retry: retryTransient,
  });
}
