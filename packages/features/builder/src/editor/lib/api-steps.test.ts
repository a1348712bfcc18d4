import type { ApiStep } from '@appforge/engine';
import { describe, expect, it } from 'vitest';
import { retargetApiStep, templateVariables, withSamples } from './api-steps';

describe('api step helpers', () => {
  it('retargeting keeps only the parameters the new endpoint has and takes its response path', () => {
    const step: ApiStep = {
      id: 'a',
      kind: 'api',
      title: 'Weather',
      next: { type: 'step' },
      config: { apiId: 'x', endpointId: 'e1', params: { city: '{{city}}', units: 'metric' }, outputPath: '$.old', outputVariable: 'w' },
    };
    const moved = retargetApiStep(step, 'y', { id: 'e2', parameters: [{ name: 'city', in: 'query', type: 'string', required: true }], response_path: '' });
    expect(moved.config).toEqual({ apiId: 'y', endpointId: 'e2', params: { city: '{{city}}' }, outputVariable: 'w' });
  });

  it('fills a template with sample values for the preview call', () => {
    expect(templateVariables('{{city}}, {{ country }} {{city}}')).toEqual(['city', 'country']);
    expect(withSamples('{{city}}, {{country}}', { city: 'Lyon' })).toBe('Lyon, ');
  });
});
