import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { SafetyAlertRow } from '../classes';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Marks a safety alert as seen (teacher of the class). */
export function useAcknowledgeAlert(): UseMutationResult<SafetyAlertRow, AppforgeError, string> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<SafetyAlertRow, AppforgeError, string>({
    mutationFn: (alertId) => client.classes.acknowledgeAlert(alertId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appforgeKeys.classes(user?.id) });
    },
  });
}
