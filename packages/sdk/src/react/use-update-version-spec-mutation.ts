import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppSpec, AppSpecInput } from '@appforge/engine';
import type { AppVersionRow } from '../app-rows';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

export interface UpdateVersionSpecInput {
  spec: AppSpec | AppSpecInput;
  changeSummary?: string;
}

/** Saves a draft's steps; a deployed (frozen) version fails with `version_frozen`. */
export function useUpdateVersionSpec(
  versionId: string,
): UseMutationResult<AppVersionRow, AppforgeError, UpdateVersionSpecInput> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<AppVersionRow, AppforgeError, UpdateVersionSpecInput>({
    mutationFn: ({ spec, changeSummary }) =>
      client.versions.updateSpec(versionId, spec, changeSummary === undefined ? {} : { changeSummary }),
    onSuccess: (version) => {
      queryClient.setQueryData(appforgeKeys.version(user?.id, version.id), version);
      return queryClient.invalidateQueries({ queryKey: appforgeKeys.versions(user?.id, version.app_id) });
    },
  });
}
