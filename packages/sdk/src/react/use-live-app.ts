import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/**
 * Keeps an app (with appId) or the person's app list up to date as apps change elsewhere: a
 * deploy, a rename, a new draft. Each change refetches the app, the lists and its public view.
 */
export function useLiveApp(appId?: string | null): void {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id;
  useEffect(() => {
    if (!userId || appId === '' || appId === null) return undefined;
    return client.live.subscribe({ table: 'App', ...(appId ? { match: { column: 'id', value: appId } } : {}) }, (change) => {
      const changed = (change.eventType === 'DELETE' ? change.old : change.new).id;
      const id = typeof changed === 'string' ? changed : undefined;
      void queryClient.invalidateQueries({ queryKey: appforgeKeys.myApps(userId).slice(0, -1) });
      void queryClient.invalidateQueries({ queryKey: appforgeKeys.app(userId, id) });
      void queryClient.invalidateQueries({ queryKey: appforgeKeys.publicApp(userId, id) });
    });
  }, [client, queryClient, userId, appId]);
}
