// The model catalogue of an Edge Function, from its secrets. Separate from edge.ts so functions
// without AI do not import the AI SDK.
import { createModelCatalogue } from '@appforge/models';
import type { ModelCatalogue } from '@appforge/models';

/** The model catalogue from AI_BASE_URL / AI_API_KEY / AI_MODEL secrets (offline model when unset). */
export function edgeModels(read: (name: string) => string | undefined): ModelCatalogue {
  const baseUrl = read('AI_BASE_URL')?.trim() || undefined;
  const apiKey = read('AI_API_KEY')?.trim() || undefined;
  const defaultModel = read('AI_MODEL')?.trim() || undefined;
  return createModelCatalogue({
    ...(baseUrl ? { baseUrl } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(defaultModel ? { defaultModel } : {}),
  });
}
