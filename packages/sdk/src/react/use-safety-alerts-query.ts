import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SafetyAlertRow } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { retryTransient } from './retry';
import { useAppforge } from './use-appforge';
import { useLiveSubscription } from './use-live-subscription';
import { useSession } from './use-session';

/**
 * A class's safety alerts (teacher), newest first. Live: a new alert refetches the list at once
 * and `onAlert` sees its row (for a toast or banner in the live view).
 */
export function useSafetyAlerts(
  classId: string | undefined,
  options: { onAlert?: (alert: Record<string, unknown>) => void } = {},
): UseQueryResult<SafetyAlertRow[], AppforgeError> {
  const client = useAppforge();
  const { user } = useSession();
  const onAlert = useRef(options.onAlert);
  useEffect(() => {
    onAlert.current = options.onAlert;
  });
  useLiveSubscription(classId ? { table: 'SafetyAlert', match: { column: 'class_id', value: classId } } : null, (row, change, queryClient, userId) => {
    void queryClient.invalidateQueries({ queryKey: appforgeKeys.safetyAlerts(userId, classId) });
    if (change.eventType === 'INSERT') onAlert.current?.(row);
  });
  return useQuery<SafetyAlertRow[], AppforgeError>({
    queryKey: appforgeKeys.safetyAlerts(user?.id, classId),
    queryFn: () => client.classes.alerts(classId ?? ''),
    enabled: user !== null && !!classId,
    retry: retryTransient,
  });
}
