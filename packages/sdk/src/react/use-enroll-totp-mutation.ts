import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { TotpEnrollment } from '../types';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Starts TOTP enrolment: returns the QR code (SVG data URL), the secret and the otpauth URI. */
export function useEnrollTotp(): UseMutationResult<TotpEnrollment, AppforgeError, string> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<TotpEnrollment, AppforgeError, string>({
    mutationFn: (friendlyName) => client.auth.enrollTotp(friendlyName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.factors(user?.id) }),
  });
}
