import { useState } from 'react';
import { appforgeKeys } from './appforge-keys';
import { useLiveSubscription } from './use-live-subscription';

/** A version change seen live (made in another tab, by the AI builder, or by a deploy). */
export interface LiveVersionChange {
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  versionId: string;
  /** The version's number (absent for DELETE). */
  number: number | undefined;
  /** The version's updated_at after the change (absent for DELETE). */
  updatedAt: string | undefined;
  /** The version's steps after the change (absent for DELETE). */
  spec: unknown;
}

/**
 * Keeps an app's version list and versions fresh as they change elsewhere, and returns the last
 * change seen, so an editor can tell that a newer version exists before it overwrites anything.
 */
export function useLiveVersions(appId: string | null | undefined): LiveVersionChange | null {
  const [last, setLast] = useState<LiveVersionChange | null>(null);
  useLiveSubscription(appId ? { table: 'AppVersion', match: { column: 'app_id', value: appId } } : null, (row, change, queryClient, userId) => {
    if (typeof row.id !== 'string') return;
    setLast({
      eventType: change.eventType,
      versionId: row.id,
      number: typeof row.number === 'number' ? row.number : undefined,
      updatedAt: typeof row.updated_at === 'string' ? row.updated_at : undefined,
      spec: row.spec,
    });
    void queryClient.invalidateQueries({ queryKey: appforgeKeys.versions(userId, appId ?? undefined) });
    void queryClient.invalidateQueries({ queryKey: appforgeKeys.version(userId, row.id) });
    void queryClient.invalidateQueries({ queryKey: appforgeKeys.app(userId, appId ?? undefined) });
  });
  return last;
}
