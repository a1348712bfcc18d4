import type { AppTestResultStatus } from '@appforge/sdk';
import { toAppforgeError } from '@appforge/sdk';
import { useAppforge, useSession } from '@appforge/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { appTestKeys } from './app-test-keys';

export interface FinishedCase {
  caseId: string;
  name: string;
  status: Exclude<AppTestResultStatus, 'running'>;
  reason: string | null;
  output: string | null;
  /** "n of m runs pass": how many times it ran, how many of those passed (null when it could not run), how many had to. */
  runs: { total: number; passed: number | null; needed: number };
}

export interface TestRunState {
  status: 'idle' | 'running' | 'done' | 'failed';
  testRunId: string | null;
  versionNumber: number | null;
  caseCount: number | null;
  /** In the order they finished. */
  finished: FinishedCase[];
  summary: { passed: number; failed: number; needsUpdate: number } | null;
  error: { code: string; message: string } | null;
}

export const IDLE_TEST_RUN: TestRunState = { status: 'idle', testRunId: null, versionNumber: null, caseCount: null, finished: [], summary: null, error: null };

/** Runs every case of the app on a version and follows the stream: each case as it finishes, then the summary. */
export function useRunTests(appId: string): { state: TestRunState; start: (versionId: string | undefined) => Promise<void> } {
  const client = useAppforge();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<TestRunState>(IDLE_TEST_RUN);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops listening; the run itself goes on and is kept with its results.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (versionId: string | undefined) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ ...IDLE_TEST_RUN, status: 'running' });
      try {
        const stream = client.appTests.run({ appId, ...(versionId === undefined ? {} : { versionId }), signal: current.signal });
        for await (const event of stream) {
          if (current.signal.aborted) return;
          switch (event.type) {
            case 'test_run':
              setState((previous) => ({ ...previous, testRunId: event.test_run_id, versionNumber: event.version_number, caseCount: event.case_count }));
              // The new run shows in the list of runs while it goes.
              void queryClient.invalidateQueries({ queryKey: appTestKeys.runs(user?.id, appId) });
              break;
            case 'case_done':
              setState((previous) => ({
                ...previous,
                finished: [
                  ...previous.finished,
                  {
                    caseId: event.case_id,
                    name: event.name,
                    status: event.status,
                    reason: event.reason,
                    output: event.output,
                    runs: { total: event.runs, passed: event.runs_passed, needed: event.passes_needed },
                  },
                ],
              }));
              break;
            case 'test_run_done':
              setState((previous) => ({ ...previous, status: 'done', summary: { passed: event.passed, failed: event.failed, needsUpdate: event.needs_update } }));
              break;
            case 'error':
              setState((previous) => ({ ...previous, status: 'failed', error: { code: event.code, message: event.message } }));
              break;
          }
        }
      } catch (error) {
        if (current.signal.aborted) return;
        const { code, message } = toAppforgeError(error);
        setState((previous) => ({ ...previous, status: 'failed', error: { code, message } }));
      } finally {
        if (controller.current === current) controller.current = null;
        if (!current.signal.aborted) void queryClient.invalidateQueries({ queryKey: appTestKeys.runs(user?.id, appId) });
      }
    },
    [client, appId, queryClient, user?.id],
  );

  return { state, start };
}
