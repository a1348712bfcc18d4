import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LiveChange, LiveSubscription } from '../live';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/**
 * Subscribes while someone is signed in (and `subscription` is not null) and ends the subscription
 * on unmount, sign-out or a new subscription. onChange gets the row the change is about (the old
 * key for DELETE), the query client and the user's id; onSubscribed, when given, runs each time
 * the server confirms the subscription (at first and after a reconnect), to read again what
 * changed before the subscription could hear it.
 */
export function useLiveSubscription(
  subscription: Omit<LiveSubscription, 'onSubscribed'> | null,
  onChange: (row: Record<string, unknown>, change: LiveChange, queryClient: QueryClient, userId: string) => void,
  onSubscribed?: (queryClient: QueryClient, userId: string) => void,
): void {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id;
  const handler = useRef(onChange);
  const subscribed = useRef(onSubscribed);
  useEffect(() => {
    handler.current = onChange;
    subscribed.current = onSubscribed;
  });
  const table = subscription?.table;
  const column = subscription?.match?.column;
  const value = subscription?.match?.value;
  useEffect(() => {
    if (!userId || !table) return undefined;
    return client.live.subscribe(
      { table, ...(column && value ? { match: { column, value } } : {}), onSubscribed: () => subscribed.current?.(queryClient, userId) },
      (change) => {
        handler.current(change.eventType === 'DELETE' ? change.old : change.new, change, queryClient, userId);
      },
    );
  }, [client, queryClient, userId, table, column, value]);
}
