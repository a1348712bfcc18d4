import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { DeployResult } from '../types';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/**
 * Deploys a version. A version with blocking problems fails with `invalid_version` and
 * `error.details.problems` ({ stepId, field, code, message }[]); a must-pass test case that fails
 * refuses it with `tests_failed` and `error.details.failing` / `warnings` / `test_run_id`, unless
 * `overrideReason` says why to deploy anyway. Refused, nothing changes.
 */
export function useDeployApp(): UseMutationResult<DeployResult, AppforgeError, { appId: string; versionId: string; overrideReason?: string }> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<DeployResult, AppforgeError, { appId: string; versionId: string; overrideReason?: string }>({
    mutationFn: ({ appId, versionId, overrideReason }) => client.apps.deploy(appId, versionId, overrideReason === undefined ? {} : { overrideReason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.apps(user?.id) }),
  });
}
