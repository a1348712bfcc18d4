import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { MyClass } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** The signed-in student's classes with their assignments (names, instructions, dates). */
export function useMyClasses(): UseQueryResult<MyClass[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  return useQuery<MyClass[], AppforgeError>({
    queryKey: appforgeKeys.myClasses(user?.id),
    queryFn: () => client.classes.myClasses(),
    enabled: user !== null,
    retry: retryTransient,
  });
}
