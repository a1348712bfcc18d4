import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { appforgeKeys } from './appforge-keys';
import { useAppforge } from './use-appforge';
import { useSession } from './use-session';

/** Uploads a PNG, JPEG or WebP icon (≤ 1 MB) and makes it the app's icon. */
export function useUploadAppIcon(appId: string): UseMutationResult<{ icon_path: string; icon_url: string }, AppforgeError, Blob> {
  const client = useAppforge();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation<{ icon_path: string; icon_url: string }, AppforgeError, Blob>({
    mutationFn: (file) => client.apps.uploadIcon(appId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appforgeKeys.apps(user?.id) }),
  });
}
