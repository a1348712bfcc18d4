import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { CreatedApiKey } from '../api-keys';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

export interface RotateApiKeyInput {
  apiKeyId: string;
  gracePeriodMinutes: number;
}

/** Replaces a key with a new one (shown once); the old one works until the grace period ends. */
export function useRotateApiKey(): UseMutationResult<CreatedApiKey, AppforgeError, RotateApiKeyInput> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<CreatedApiKey, AppforgeError, RotateApiKeyInput>({
    mutationFn: ({ apiKeyId, gracePeriodMinutes }) => client.apiKeys.rotate(apiKeyId, gracePeriodMinutes),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.apiKeys(user?.id) });
    },
  });
}
