import { appforgeKeys } from './appforge-keys';
import { useLiveSubscription } from './use-live-subscription';

/**
 * Keeps an app (with appId) or the person's app list up to date as apps change elsewhere: a
 * deploy, a rename, a new draft. Each change refetches the app, the lists and its public view.
 */
export function useLiveApp(appId?: string | null): void {
  useLiveSubscription(
    appId === '' || appId === null ? null : { table: 'App', ...(appId ? { match: { column: 'id', value: appId } } : {}) },
    (row, _change, queryClient, userId) => {
      const id = typeof row.id === 'string' ? row.id : undefined;
      void queryClient.invalidateQueries({ queryKey: appforgeKeys.myApps(userId).slice(0, -1) });
      void queryClient.invalidateQueries({ queryKey: appforgeKeys.app(userId, id) });
      void queryClient.invalidateQueries({ queryKey: appforgeKeys.publicApp(userId, id) });
    },
  );
}
