import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { CreateApiKeyInput, CreatedApiKey } from '../api-keys';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Creates a key; its value is in the result only (never cached). The key list refreshes. */
export function useCreateApiKey(): UseMutationResult<CreatedApiKey, AppforgeError, CreateApiKeyInput> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<CreatedApiKey, AppforgeError, CreateApiKeyInput>({
    mutationFn: (input) => client.apiKeys.create(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.apiKeys(user?.id) });
    },
  });
}
