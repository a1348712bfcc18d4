import type { AppforgeError, HandOverLink } from '@appforge/sdk';
import { useAppforge } from '@appforge/sdk/react';
import { useMutation } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';

/** Issue 26: asks for the one-time link that signs the confirmed person in on a custom domain. */
export function useHandOverMutation(): UseMutationResult<HandOverLink, AppforgeError, { to: string }> {
  const client = useAppforge();
  return useMutation<HandOverLink, AppforgeError, { to: string }>({
    mutationFn: ({ to }) => client.auth.handOver(to),
  });
}
