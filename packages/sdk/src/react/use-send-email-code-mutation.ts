import { useMutation } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { useAppforge } from './use-appforge';

/** Step 1 of the e-mail sign-in: sends a one-time code (and link) to the address. */
export function useSendEmailCode(): UseMutationResult<void, AppforgeError, { email: string; redirectTo?: string }> {
  const client = useAppforge();
  return useMutation<void, AppforgeError, { email: string; redirectTo?: string }>({
    mutationFn: ({ email, redirectTo }) => client.auth.sendEmailCode(email, redirectTo === undefined ? {} : { redirectTo }),
  });
}
