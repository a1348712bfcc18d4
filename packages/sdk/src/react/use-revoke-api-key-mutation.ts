import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Revokes a key at once; the key and the list refresh. */
export function useRevokeApiKey(): UseMutationResult<{ id: string; revoked_at: string }, AppforgeError, string> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<{ id: string; revoked_at: string }, AppforgeError, string>({
    mutationFn: (apiKeyId) => client.apiKeys.revoke(apiKeyId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.apiKeys(user?.id) });
    },
  });
}
