import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/**
 * Keeps run lists fresh as runs start and finish: an app's run history (with appId) or every run
 * the signed-in person may see (home's recent runs). Each change refetches the affected lists.
 */
export function useLiveRuns(appId?: string | null): void {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id;
  useEffect(() => {
    if (!userId || appId === '' || appId === null) return undefined;
    return client.live.subscribe({ table: 'AppRun', ...(appId ? { match: { column: 'app_id', value: appId } } : {}) }, (change) => {
      const runAppId = (change.eventType === 'DELETE' ? change.old : change.new).app_id;
      const runsOf = typeof runAppId === 'string' ? runAppId : appId;
      void queryClient.invalidateQueries({ queryKey: appforgeKeys.runs(userId, runsOf ?? undefined).slice(0, -1) });
      void queryClient.invalidateQueries({ queryKey: appforgeKeys.recentRuns(userId, 0).slice(0, -1) });
      const runId = (change.eventType === 'DELETE' ? change.old : change.new).id;
      if (typeof runId === 'string') void queryClient.invalidateQueries({ queryKey: appforgeKeys.run(userId, runId) });
    });
  }, [client, queryClient, userId, appId]);
}
