import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppDetail } from '../app-rows';
import type { AppforgeError } from '../errors';
import type { AppPatch } from '../types';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

interface UpdateContext {
  previous: AppDetail | undefined;
}

/**
 * Saves app settings. The cached app shows the change at once; a refused change puts the previous
 * value back, and the app lists refresh afterwards either way.
 */
export function useUpdateApp(appId: string): UseMutationResult<AppDetail, AppforgeError, AppPatch, UpdateContext> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = appforgeKeys.app(user?.id, appId);
  return useMutation<AppDetail, AppforgeError, AppPatch, UpdateContext>({
    mutationFn: (patch) => client.apps.update(appId, patch),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AppDetail>(key);
      if (previous) {
        const { icon_path: iconPath, ...rest } = patch;
        queryClient.setQueryData<AppDetail>(key, {
          ...previous,
          ...rest,
          ...(iconPath === undefined ? {} : { icon_path: iconPath, icon_url: client.apps.iconUrl(iconPath) }),
        });
      }
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (app) => {
      queryClient.setQueryData(key, app);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.apps(user?.id) }),
  });
}
