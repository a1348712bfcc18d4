import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { ApiTestResult } from '../external-apis';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

export interface TestApiCallInput {
  apiId: string;
  endpointId: string;
  params: Record<string, string>;
}

/** One call of an endpoint from the test console; the API's health in the list follows. */
export function useTestApiCall(): UseMutationResult<ApiTestResult, AppforgeError, TestApiCallInput> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<ApiTestResult, AppforgeError, TestApiCallInput>({
    mutationFn: (input) => client.apis.testCall(input),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.myExternalApis(user?.id) });
    },
  });
}
