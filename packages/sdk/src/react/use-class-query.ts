import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ClassRow } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** One of the teacher's classes (404 not_found for anyone else's). */
export function useClass(classId: string | undefined): UseQueryResult<ClassRow, AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<ClassRow, AppforgeError>({
    queryKey: appforgeKeys.class(user?.id, classId),
    queryFn: () => client.classes.get(classId ?? ''),
    enabled: user !== null && !!classId,
    retry: retryTransient,
  });
}
