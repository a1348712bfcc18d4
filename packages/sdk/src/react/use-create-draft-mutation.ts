import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppVersionRow } from '../app-rows';
import type { AppforgeError } from '../errors';
import type { CreateDraftInput } from '../types';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Adds a draft version to an app; the version list refreshes. */
export function useCreateDraft(): UseMutationResult<AppVersionRow, AppforgeError, CreateDraftInput> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<AppVersionRow, AppforgeError, CreateDraftInput>({
    mutationFn: (input) => client.versions.createDraft(input),
    onSuccess: (version) => {
      queryClient.setQueryData(appforgeKeys.version(user?.id, version.id), version);
      return queryClient.invalidateQueries({ queryKey: appforgeKeys.versions(user?.id, version.app_id) });
    },
  });
}
