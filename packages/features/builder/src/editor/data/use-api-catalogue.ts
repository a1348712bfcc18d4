import type { ApiCatalogue, ApiCatalogueEntry, AppSpec } from '@appforge/engine';
import { isAppforgeError, toAppforgeError } from '@appforge/sdk';
import type { ApiDetail, AppforgeError } from '@appforge/sdk';
import { appforgeKeys, retryTransient, useAppforge, useMyApis, useSession } from '@appforge/sdk/react';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';

/**
 * What the editor knows of the creator's APIs for checking `api` steps: `ready` with the
 * catalogue, `loading` while it is fetched (then nothing may be called "no problems"), or `error`
 * when it could not be loaded (the server still checks on deploy).
 */
export type ApiCatalogueState =
  | { readonly status: 'ready'; readonly apis: ApiCatalogue }
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: AppforgeError };

const READY_EMPTY: ApiCatalogueState = { status: 'ready', apis: [] };
const LOADING: ApiCatalogueState = { status: 'loading' };

type DetailResult = { data?: ApiDetail | undefined; isError: boolean; error: Error | null };

/** The detail queries as one state; module-level so react-query keeps its result while nothing changed. */
function combineDetails(details: DetailResult[]): ApiCatalogueState {
  const apis: ApiCatalogueEntry[] = [];
  for (const detail of details) {
    if (detail.data) apis.push(detail.data);
    // Deleted since the list was read: the engine reports it as not among the creator's APIs.
    else if (detail.isError && isAppforgeError(detail.error) && detail.error.code === 'not_found') continue;
    else if (detail.isError) return { status: 'error', error: toAppforgeError(detail.error) };
    else return LOADING;
  }
  return { status: 'ready', apis };
}

/**
 * The creator's APIs that the spec's `api` steps name, with their endpoints and parameters (the
 * same queries as the API step form, so the cache is shared). An id that is not among the
 * creator's APIs is simply absent: the engine then says the step calls an unknown API.
 */
export function useApiCatalogue(spec: Pick<AppSpec, 'steps'>): ApiCatalogueState {
  const client = useAppforge();
  const { user } = useSession();
  const used = useMemo(() => [...new Set(spec.steps.flatMap((step) => (step.kind === 'api' ? [step.config.apiId] : [])))], [spec.steps]);
  const mine = useMyApis();
  const owned = useMemo(() => (mine.data ? used.filter((id) => mine.data.some((api) => api.id === id)) : []), [mine.data, used]);
  const details = useQueries({
    queries: owned.map((apiId) => ({
      queryKey: appforgeKeys.externalApi(user?.id, apiId),
      queryFn: () => client.apis.get(apiId),
      enabled: user !== null,
      retry: retryTransient,
    })),
    combine: combineDetails,
  });

  if (used.length === 0) return READY_EMPTY;
  if (mine.isError) return { status: 'error', error: mine.error };
  if (!mine.data) return LOADING;
  return details;
}
