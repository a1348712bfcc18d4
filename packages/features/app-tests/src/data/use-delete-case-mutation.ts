import type { AppforgeError } from '@appforge/sdk';
import { useAppforge, useSession } from '@appforge/sdk/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import { appTestKeys } from './app-test-keys';

export function useDeleteCase(appId: string): UseMutationResult<void, AppforgeError, string> {
  const client = useAppforge();
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation<void, AppforgeError, string>({
    mutationFn: (caseId) => client.appTests.deleteCase(caseId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appTestKeys.cases(user?.id, appId) }),
  });
}
