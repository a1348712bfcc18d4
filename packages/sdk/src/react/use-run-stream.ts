import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toAppforgeError } from '../errors';
import type { RunStreamEvent } from '../run-events';
import type { RunContinueOptions, RunStartOptions } from '../types';
import { appforgeKeys } from './appforge-keys';
import { IDLE_RUN_STREAM, applyRunEvent, beginRunStream } from './run-stream-state';
import type { RunStreamState } from './run-stream-state';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

export interface UseRunStreamResult {
  state: RunStreamState;
  /** Starts a run (a previous stream is cancelled). Resolves when the stream pauses or ends. */
  start: (options: Omit<RunStartOptions, 'signal'>) => Promise<void>;
  /** Answers the form or the choice the run waits for, and streams what follows. */
  continue: (options: Omit<RunContinueOptions, 'signal' | 'runId'> & { runId?: string }) => Promise<void>;
  /** Stops listening (the screen goes back to idle; the run stays as far as it got). */
  cancel: () => void;
}

/** Runs an app and follows it live: tokens, forms to fill, choices, outputs, failures. */
export function useRunStream(): UseRunStreamResult {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [state, setState] = useState<RunStreamState>(IDLE_RUN_STREAM);
  const controller = useRef<AbortController | null>(null);
  const runId = useRef<string | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const follow = useCallback(
    async (kind: 'start' | 'continue', open: (signal: AbortSignal) => AsyncIterable<RunStreamEvent>) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState((previous) => beginRunStream(previous, kind));
      try {
        for await (const event of open(current.signal)) {
          if (current.signal.aborted) return;
          if (event.type === 'run') runId.current = event.run_id;
          setState((previous) => applyRunEvent(previous, event));
        }
      } catch (error) {
        if (current.signal.aborted) return;
        const { code, message } = toAppforgeError(error);
        setState((previous) => ({ ...previous, status: 'failed', error: { code, message } }));
      } finally {
        if (controller.current === current) controller.current = null;
        if (!current.signal.aborted) void queryClient.invalidateQueries({ queryKey: appforgeKeys.apps(user?.id) });
      }
    },
    [queryClient, user?.id],
  );

  const start = useCallback<UseRunStreamResult['start']>(
    (options) => {
      runId.current = null;
      return follow('start', (signal) => client.runs.start({ ...options, signal }));
    },
    [client, follow],
  );

  const continueRun = useCallback<UseRunStreamResult['continue']>(
    (options) =>
      follow('continue', (signal) =>
        client.runs.continue({ ...options, runId: options.runId ?? runId.current ?? '', signal }),
      ),
    [client, follow],
  );

  const cancel = useCallback(() => {
    const current = controller.current;
    if (!current) return;
    current.abort();
    controller.current = null;
    setState((previous) => (previous.status === 'streaming' ? { ...previous, status: 'idle' } : previous));
  }, []);

  return { state, start, continue: continueRun, cancel };
}
