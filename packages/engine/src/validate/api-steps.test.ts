import { describe, expect, it } from 'vitest';

import { parseAppSpec } from '../spec/app-spec';
import { validateApiSteps } from './api-steps';
import type { ApiCatalogue } from './api-steps';
import { checkAppSpec } from './validate-app';

const apis: ApiCatalogue = [
  {
    id: 'weather',
    name: 'Weather',
    endpoints: [{ id: 'current', name: 'Current weather', parameters: [{ name: 'city', required: true }, { name: 'units', required: false }] }],
  },
];

function spec(config: Record<string, unknown>): unknown {
  return {
    entryStepId: 'ask',
    steps: [
      { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'city', label: 'City', required: true }] } },
      { id: 'call', kind: 'api', title: 'Weather', config: { apiId: 'weather', endpointId: 'current', outputVariable: 'weather', ...config } },
      { id: 'show', kind: 'output', title: 'Show', config: { template: '{{weather}}' } },
    ],
  };
}

function problemsOf(config: Record<string, unknown>) {
  const parsed = parseAppSpec(spec(config));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return validateApiSteps(parsed.value, apis);
}

describe('validateApiSteps', () => {
  it('accepts a step whose API, endpoint and required parameters are all there', () => {
    expect(problemsOf({ params: { city: '{{city}}' } })).toEqual([]);
  });

  it('names an API that is not among the owner’s APIs', () => {
    const [problem] = problemsOf({ apiId: 'someone-elses', params: { city: 'x' } });
    expect(problem?.code).toBe('unknown_api');
    expect(problem?.message).toBe('Step “Weather” calls an API that is not among your APIs: pick one.');
  });

  it('names an unknown endpoint, an unknown parameter and an unmapped required one', () => {
    expect(problemsOf({ endpointId: 'forecast' }).map((p) => p.code)).toEqual(['unknown_endpoint']);
    const problems = problemsOf({ params: { town: '{{city}}' } });
    expect(problems.map((p) => [p.code, p.field])).toEqual([
      ['unknown_parameter', 'config.params.town'],
      ['unmapped_parameter', 'config.params.city'],
    ]);
    expect(problems[1]?.message).toContain('“city”, which “Current weather” requires');
  });

  it('asks for an endpoint when the step names none yet (just switched to an API with several)', () => {
    const [problem] = problemsOf({ endpointId: '-', params: {} });
    expect(problem).toMatchObject({ code: 'unknown_endpoint', field: 'config.endpointId' });
    expect(problem?.message).toBe('Step “Weather” does not say which endpoint of “Weather” it calls: pick one.');
  });

  it('blocks checkAppSpec (deploy) only when given the catalogue', () => {
    expect(checkAppSpec(spec({ params: {} })).spec).not.toBeNull();
    expect(checkAppSpec(spec({ params: {} }), { apis }).spec).toBeNull();
  });

  it('refuses an output path that is not a plain JSON path', () => {
    expect(parseAppSpec(spec({ outputPath: '$.current.temp' })).ok).toBe(true);
    expect(parseAppSpec(spec({ outputPath: '$..a; drop' })).ok).toBe(false);
  });
});
