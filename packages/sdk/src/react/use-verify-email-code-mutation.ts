import { useMutation } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { Session } from '../types';
import { useAppforge } from './use-appforge';

/** Step 2 of the e-mail sign-in: checks the code and starts the session. */
export function useVerifyEmailCode(): UseMutationResult<Session, AppforgeError, { email: string; token: string }> {
  const client = useAppforge();
  return useMutation<Session, AppforgeError, { email: string; token: string }>({
    mutationFn: ({ email, token }) => client.auth.verifyEmailCode(email, token),
  });
}
