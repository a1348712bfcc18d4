import { useMutation } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { Provider } from '../types';
import { useAppforge } from './use-appforge';

/** Starts linking another sign-in provider; in a browser the page goes to the provider. */
export function useLinkIdentity(): UseMutationResult<{ url: string }, AppforgeError, { provider: Provider; redirectTo: string }> {
  const client = useAppforge();
  return useMutation<{ url: string }, AppforgeError, { provider: Provider; redirectTo: string }>({
    mutationFn: ({ provider, redirectTo }) => client.auth.linkIdentity(provider, redirectTo),
  });
}
