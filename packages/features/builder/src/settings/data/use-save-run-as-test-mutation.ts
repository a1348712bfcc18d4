import type { AppTestCaseRow, AppforgeError } from '@appforge/sdk';
import { useAppforge } from '@appforge/sdk/react';
import { useMutation } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';

/** "Save as test": a test case from a finished run, its output as the reference (issue 30). */
export function useSaveRunAsTest(): UseMutationResult<AppTestCaseRow, AppforgeError, string> {
  const client = useAppforge();
  return useMutation<AppTestCaseRow, AppforgeError, string>({
    mutationFn: (runId) => client.appTests.saveRunAsCase(runId),
  });
}
