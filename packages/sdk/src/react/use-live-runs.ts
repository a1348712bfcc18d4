import { appforgeKeys } from './appforge-keys';
import { useLiveSubscription } from './use-live-subscription';

/**
 * Keeps run lists fresh as runs start and finish: an app's run history (with appId) or every run
 * the signed-in person may see (home's recent runs). Each change refetches the affected lists.
 */
export function useLiveRuns(appId?: string | null): void {
  useLiveSubscription(
    appId === '' || appId === null ? null : { table: 'AppRun', ...(appId ? { match: { column: 'app_id', value: appId } } : {}) },
    (row, _change, queryClient, userId) => {
      const runsOf = typeof row.app_id === 'string' ? row.app_id : appId;
      void queryClient.invalidateQueries({ queryKey: appforgeKeys.runs(userId, runsOf ?? undefined).slice(0, -1) });
      void queryClient.invalidateQueries({ queryKey: appforgeKeys.recentRuns(userId, 0).slice(0, -1) });
      if (typeof row.id === 'string') void queryClient.invalidateQueries({ queryKey: appforgeKeys.run(userId, row.id) });
    },
  );
}
