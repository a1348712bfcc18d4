import type { AppSpec } from '@appforge/engine';
import { useUpdateVersionSpec } from '@appforge/sdk/react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Autosaver } from '../lib/autosave';
import type { SaveState } from '../lib/autosave';

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked by the browser's privacy settings
  }
}

/**
 * Autosave for one version: `edit` keeps the spec locally and saves it after a pause; a failure
 * keeps it and retries. The SDK's mutation keeps the cached version in step with each save.
 */
export function useSpecAutosave(versionId: string): {
  state: SaveState;
  edit: (spec: AppSpec) => void;
  retry: () => void;
  /** Stops sending (the version is stale): see Autosaver.hold. */
  hold: () => void;
} {
  const mutation = useUpdateVersionSpec(versionId);
  const mutateRef = useRef(mutation.mutateAsync);
  useEffect(() => {
    mutateRef.current = mutation.mutateAsync;
  }, [mutation.mutateAsync]);
  const [saver] = useState(
    () => new Autosaver({ versionId, storage: browserStorage(), save: (spec) => mutateRef.current({ spec }) }),
  );
  const state = useSyncExternalStore(saver.subscribe, saver.getState, saver.getState);

  useEffect(() => {
    // Leaving the editor saves what is pending right away instead of waiting for the timer.
    // (No dispose: under StrictMode the same saver is mounted again right after this cleanup.)
    return () => {
      void saver.flush();
    };
  }, [saver]);

  useEffect(() => {
    if (state.status === 'saved') return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state.status]);

  const edit = useCallback((spec: AppSpec) => saver.edit(spec), [saver]);
  const retry = useCallback(() => void saver.flush(), [saver]);
  const hold = useCallback(() => saver.hold(), [saver]);
  return { state, edit, retry, hold };
}
