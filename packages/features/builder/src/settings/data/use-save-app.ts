import { messageOf } from '@appforge/sdk';
import type { AppPatch } from '@appforge/sdk';
import { useUpdateApp } from '@appforge/sdk/react';
import { useCallback } from 'react';
import type { SaveState } from '../components/SaveBar';

/**
 * Saves part of an app through the SDK's optimistic update (the page shows the new values at
 * once and goes back to the saved ones if the server refuses), as the state a SaveBar shows.
 */
export function useSaveApp(appId: string): { state: SaveState; save: (patch: AppPatch) => void } {
  const update = useUpdateApp(appId);
  const { mutate, reset } = update;
  const save = useCallback(
    (patch: AppPatch) => {
      reset();
      mutate(patch);
    },
    [mutate, reset],
  );
  return {
    state: { pending: update.isPending, error: update.isError ? messageOf(update.error) : null, saved: update.isSuccess },
    save,
  };
}
