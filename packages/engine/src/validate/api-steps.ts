import type { AppSpec } from '../spec/app-spec';
import type { Problem } from './problem';

/** What the validator needs to know of the app owner's APIs (ids, names, endpoint parameters). */
export interface ApiCatalogueEntry {
  readonly id: string;
  readonly name: string;
  readonly endpoints: readonly {
    readonly id: string;
    readonly name: string;
    readonly parameters: readonly { readonly name: string; readonly required: boolean }[];
  }[];
}
export type ApiCatalogue = readonly ApiCatalogueEntry[];

const quote = (text: string): string => `“${text}”`;

/**
 * The `api` steps against the owner's APIs: an API or endpoint that does not exist (or is not the
 * owner's), a parameter the endpoint does not have, a required parameter left unmapped.
 */
export function validateApiSteps(spec: Pick<AppSpec, 'steps'>, apis: ApiCatalogue): Problem[] {
  const problems: Problem[] = [];
  for (const step of spec.steps) {
    if (step.kind !== 'api') continue;
    const label = `Step ${quote(step.title)}`;
    const api = apis.find((a) => a.id === step.config.apiId);
    if (!api) {
      problems.push({ stepId: step.id, field: 'config.apiId', code: 'unknown_api', severity: 'error', message: `${label} calls an API that is not among your APIs: pick one.` });
      continue;
    }
    const endpoint = api.endpoints.find((e) => e.id === step.config.endpointId);
    if (!endpoint) {
      problems.push({
        stepId: step.id,
        field: 'config.endpointId',
        code: 'unknown_endpoint',
        severity: 'error',
        // '-' (or nothing) is what the editor leaves after switching to an API with several endpoints.
        message: /^-?$/.test(step.config.endpointId.trim())
          ? `${label} does not say which endpoint of ${quote(api.name)} it calls: pick one.`
          : `${label} calls an endpoint ${quote(api.name)} does not have: pick one.`,
      });
      continue;
    }
    const known = new Set(endpoint.parameters.map((p) => p.name));
    for (const name of Object.keys(step.config.params)) {
      if (!known.has(name)) {
        problems.push({
          stepId: step.id,
          field: `config.params.${name}`,
          code: 'unknown_parameter',
          severity: 'error',
          message: `${label} sets ${quote(name)}, which ${quote(endpoint.name)} does not have.`,
        });
      }
    }
    for (const parameter of endpoint.parameters) {
      const mapped = step.config.params[parameter.name];
      if (parameter.required && (mapped === undefined || mapped.trim() === '')) {
        problems.push({
          stepId: step.id,
          field: `config.params.${parameter.name}`,
          code: 'unmapped_parameter',
          severity: 'error',
          message: `${label} must say what goes into ${quote(parameter.name)}, which ${quote(endpoint.name)} requires.`,
        });
      }
    }
  }
  return problems;
}
