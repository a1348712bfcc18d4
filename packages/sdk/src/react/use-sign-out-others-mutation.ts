import { useMutation } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { useAppforge } from './use-appforge';

/** Ends every other session of the signed-in user; this one stays. */
export function useSignOutOthers(): UseMutationResult<void, AppforgeError, void> {
  const client = useAppforge();
  return useMutation<void, AppforgeError, void>({
    mutationFn: () => client.auth.signOutOthers(),
  });
}
