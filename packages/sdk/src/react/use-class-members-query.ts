import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ClassMemberRow } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useLiveSubscription } from './use-live-subscription';
import { useSession } from './use-session';

/** A class's roster (teacher), by name; live: a student joining or leaving shows at once. */
export function useClassMembers(classId: string | undefined): UseQueryResult<ClassMemberRow[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  useLiveSubscription(classId ? { table: 'ClassMember', match: { column: 'class_id', value: classId } } : null, (_row, _change, queryClient, userId) => {
    void queryClient.invalidateQueries({ queryKey: appforgeKeys.classMembers(userId, classId) });
  });
  return useQuery<ClassMemberRow[], AppforgeError>({
    queryKey: appforgeKeys.classMembers(user?.id, classId),
    queryFn: () => client.classes.members(classId ?? ''),
    enabled: user !== null && !!classId,
    retry: retryTransient,
  });
}
