import { useMutation } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { useAppforge } from './use-appforge';

/** Stores a visitor's "app I want" text (signed in or not) → its id, to carry through sign-up. */
export function useCreateDescription(): UseMutationResult<{ id: string }, AppforgeError, string> {
  const client = useAppforge();
  return useMutation<{ id: string }, AppforgeError, string>({
    mutationFn: (text) => client.apps.createDescription(text),
  });
}
