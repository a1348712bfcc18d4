import { applyRunEvent, beginRunStream, IDLE_RUN_STREAM } from '@appforge/sdk/visitor-lite';
import type { RunStreamState, VisitorLiteClient } from '@appforge/sdk/visitor-lite';
import type { UseRunStreamResult } from '@appforge/sdk/react';
import { useCallback, useEffect, useRef, useState } from 'react';

type StreamEvents = ReturnType<VisitorLiteClient['runs']['start']>;

/** The SDK's useRunStream without TanStack Query (a signed-out visitor has no cache to refresh). */
export function useLightRunStream(client: VisitorLiteClient): Pick<UseRunStreamResult, 'state' | 'start' | 'continue' | 'cancel'> {
  const [state, setState] = useState<RunStreamState>(IDLE_RUN_STREAM);
  const controller = useRef<AbortController | null>(null);
  const runId = useRef<string | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const follow = useCallback(async (kind: 'start' | 'continue', open: (signal: AbortSignal) => StreamEvents) => {
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
      const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : 'unknown_error';
      const message = error instanceof Error && error.message !== '' ? error.message : 'Something went wrong. Try again.';
      setState((previous) => ({ ...previous, status: 'failed', error: { code, message } }));
    } finally {
      if (controller.current === current) controller.current = null;
    }
  }, []);

  const start = useCallback<UseRunStreamResult['start']>(
    (options) => {
      runId.current = null;
      return follow('start', (signal) => client.runs.start({ ...options, signal }));
    },
    [client, follow],
  );

  const continueRun = useCallback<UseRunStreamResult['continue']>(
    (options) => follow('continue', (signal) => client.runs.continue({ ...options, runId: options.runId ?? runId.current ?? '', signal })),
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
