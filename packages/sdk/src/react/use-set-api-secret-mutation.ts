import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { ApiSecretMarker } from '../external-apis';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

export interface SetApiSecretInput {
  apiId: string;
  /** null removes the secret. */
  secret: string | null;
}

/** Sets or removes an API's secret; the API then shows "set · last 4" (the secret never comes back). */
export function useSetApiSecret(): UseMutationResult<ApiSecretMarker, AppforgeError, SetApiSecretInput> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<ApiSecretMarker, AppforgeError, SetApiSecretInput>({
    mutationFn: ({ apiId, secret }) => client.apis.setSecret(apiId, secret),
    onSuccess: async (_marker, { apiId }) => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.externalApi(user?.id, apiId) });
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.myExternalApis(user?.id) });
    },
  });
}
