import type { ApiStep, AppSpec, Step } from '@appforge/engine';
import type { ApiDetail, ApiEndpointInfo } from '@appforge/sdk';
import { uniqueStepId, uniqueVariableName } from './spec-ops';

/** A new `api` step calling the endpoint, each required parameter left for the creator to map. */
export function createApiStep(spec: AppSpec, api: Pick<ApiDetail, 'id' | 'name'>, endpoint: Pick<ApiEndpointInfo, 'id' | 'name' | 'response_path'>): Step {
  return {
    id: uniqueStepId(spec, 'api'),
    kind: 'api',
    title: endpoint.name,
    next: { type: 'step' },
    config: {
      apiId: api.id,
      endpointId: endpoint.id,
      params: {},
      ...(endpoint.response_path ? { outputPath: endpoint.response_path } : {}),
      outputVariable: uniqueVariableName(spec, 'answer'),
    },
  };
}

/** Points an api step at another endpoint: parameters that endpoint does not have are dropped. */
export function retargetApiStep(step: ApiStep, apiId: string, endpoint: Pick<ApiEndpointInfo, 'id' | 'parameters' | 'response_path'>): ApiStep {
  const names = new Set(endpoint.parameters.map((p) => p.name));
  const params = Object.fromEntries(Object.entries(step.config.params).filter(([name]) => names.has(name)));
  const { outputPath: _previous, ...config } = step.config;
  return { ...step, config: { ...config, apiId, endpointId: endpoint.id, params, ...(endpoint.response_path ? { outputPath: endpoint.response_path } : {}) } };
}

/** The template with each {{variable}} replaced by its sample value (for the preview call). */
export function withSamples(template: string, samples: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g, (_match, name: string) => samples[name] ?? '');
}

/** The variables a template uses, in order, once each. */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g)].map((m) => m[1] ?? ''))].filter(Boolean);
}
