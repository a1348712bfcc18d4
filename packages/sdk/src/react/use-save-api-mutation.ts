import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { ApiDetail, ApiInput, EndpointInput } from '../external-apis';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

export type SaveApiInput =
  | { apiId?: undefined; api: ApiInput }
  | { apiId: string; api: Omit<ApiInput, 'endpoints'>; endpoints: EndpointInput[] };

/** Creates an API with its endpoints, or updates one and replaces its endpoints; the caches follow. */
export function useSaveApi(): UseMutationResult<ApiDetail, AppforgeError, SaveApiInput> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<ApiDetail, AppforgeError, SaveApiInput>({
    mutationFn: async (input) => {
      if (input.apiId === undefined) return client.apis.create(input.api);
      await client.apis.update(input.apiId, input.api);
      return client.apis.saveEndpoints(input.apiId, input.endpoints);
    },
    onSuccess: async (api) => {
      queryClient.setQueryData(appforgeKeys.externalApi(user?.id, api.id), api);
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.myExternalApis(user?.id) });
    },
  });
}
