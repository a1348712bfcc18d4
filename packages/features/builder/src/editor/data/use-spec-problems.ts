import { validateApiSteps, validateApp } from '@appforge/engine';
import type { AppSpec, Problem } from '@appforge/engine';
import { useMemo } from 'react';
import type { ApiCatalogueState } from './use-api-catalogue';
import { useApiCatalogue } from './use-api-catalogue';

const NO_STEPS: Pick<AppSpec, 'steps'> = { steps: [] };

/**
 * A version's problems as deploy-app finds them on the server: the spec's own checks, and its
 * `api` steps against the creator's APIs once those are loaded (`apiCheck` says whether they are,
 * so no page calls a version "ready" before its API steps were checked).
 */
export function useSpecProblems(spec: AppSpec | null): { problems: Problem[]; apiCheck: ApiCatalogueState['status'] } {
  const catalogue = useApiCatalogue(spec ?? NO_STEPS);
  const problems = useMemo(() => {
    if (spec === null) return [];
    return catalogue.status === 'ready' ? [...validateApp(spec), ...validateApiSteps(spec, catalogue.apis)] : validateApp(spec);
  }, [spec, catalogue]);
  return { problems, apiCheck: catalogue.status };
}
