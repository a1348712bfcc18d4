import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AssignmentRow } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** A class's assignments, oldest first, with the app's or bundle's name. */
export function useAssignments(classId: string | undefined): UseQueryResult<AssignmentRow[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<AssignmentRow[], AppforgeError>({
    queryKey: appforgeKeys.assignments(user?.id, classId),
    queryFn: () => client.classes.assignments(classId ?? ''),
    enabled: user !== null && !!classId,
    retry: retryTransient,
  });
}
