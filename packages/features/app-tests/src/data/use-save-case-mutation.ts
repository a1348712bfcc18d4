import type { AppTestCaseRow, AppforgeError, ExpectationInput, TestCaseMode } from '@appforge/sdk';
import { useAppforge, useSession } from '@appforge/sdk/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import { appTestKeys } from './app-test-keys';

export interface SaveCaseInput {
  /** The case to change; a new case when absent. */
  caseId?: string;
  name: string;
  inputs: Record<string, unknown>;
  expectations: ExpectationInput[];
  mode: TestCaseMode;
  runs: number;
  passesNeeded: number;
}

/** Adds or changes a case; the SDK checks it with the engine's rules first and refuses it with what to fix. */
export function useSaveCase(appId: string): UseMutationResult<AppTestCaseRow, AppforgeError, SaveCaseInput> {
  const client = useAppforge();
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation<AppTestCaseRow, AppforgeError, SaveCaseInput>({
    mutationFn: ({ caseId, ...fields }) => (caseId === undefined ? client.appTests.createCase({ appId, ...fields }) : client.appTests.updateCase(caseId, fields)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appTestKeys.cases(user?.id, appId) }),
  });
}
