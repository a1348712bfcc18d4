import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toAppforgeError } from '../errors';
import type { BuilderStreamEvent, GenerateVersionOptions } from '../types';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

export interface GenerateVersionState {
  status: 'idle' | 'streaming' | 'done' | 'failed';
  events: BuilderStreamEvent[];
  /** The newest progress message. */
  progress: { stage: string; message: string } | null;
  version: { version_id: string; number: number; change_summary: string } | null;
  error: { code: string; message: string } | null;
}

const IDLE: GenerateVersionState = { status: 'idle', events: [], progress: null, version: null, error: null };

export interface UseGenerateVersionResult {
  state: GenerateVersionState;
  generate: (options: Omit<GenerateVersionOptions, 'signal'>) => Promise<void>;
  cancel: () => void;
}

/** The builder chat: asks for a change and follows progress until the new draft version exists. */
export function useGenerateVersion(): UseGenerateVersionResult {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [state, setState] = useState<GenerateVersionState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const generate = useCallback<UseGenerateVersionResult['generate']>(
    async (options) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ ...IDLE, status: 'streaming' });
      try {
        for await (const event of client.builder.generateVersion({ ...options, signal: current.signal })) {
          if (current.signal.aborted) return;
          setState((previous) => {
            const events = [...previous.events, event];
            if (event.type === 'progress') return { ...previous, events, progress: { stage: event.stage, message: event.message } };
            if (event.type === 'version') {
              const { type: _type, ...version } = event;
              return { ...previous, events, status: 'done', version };
            }
            return { ...previous, events, status: 'failed', error: { code: event.code, message: event.message } };
          });
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
    [client, queryClient, user?.id],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState((previous) => (previous.status === 'streaming' ? { ...previous, status: 'idle' } : previous));
  }, []);

  return { state, generate, cancel };
}
