import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { CreateFromDescriptionResult } from '../types';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

export type CreateAppFromDescriptionInput = { appDescriptionId: string } | { description: string };

/** Makes an app (and its first draft) from a stored description or a text; the app list refreshes. */
export function useCreateAppFromDescription(): UseMutationResult<
  CreateFromDescriptionResult,
  AppforgeError,
  CreateAppFromDescriptionInput
> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<CreateFromDescriptionResult, AppforgeError, CreateAppFromDescriptionInput>({
    mutationFn: (input) => client.apps.createFromDescription(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.apps(user?.id) }),
  });
}
