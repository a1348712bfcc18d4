import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ClassRow } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The signed-in teacher's classes, newest first (archived ones included); idle while signed out. */
export function useTeacherClasses(): UseQueryResult<ClassRow[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<ClassRow[], AppforgeError>({
    queryKey: appforgeKeys.teacherClasses(user?.id),
    queryFn: () => client.classes.listMine(),
    enabled: user !== null,
    retry: retryTransient,
  });
}
