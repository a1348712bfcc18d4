import { useMutation } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import type { ApiImportPreview, ApiImportSource } from '../external-apis';
import { useAppforge } from './use-appforge';

/** Reads an OpenAPI / Swagger document into a preview of the API and its endpoints (nothing is saved). */
export function useImportOpenApi(): UseMutationResult<ApiImportPreview, AppforgeError, ApiImportSource> {
  const client = useAppforge();
  return useMutation<ApiImportPreview, AppforgeError, ApiImportSource>({
    mutationFn: (source) => client.apis.importOpenApi(source),
  });
}
