import type { Clock } from '@appforge/engine';
import { OFFLINE_MODEL_ID, createOfflineModel } from '@appforge/engine/offline-model';
import { z } from 'zod';

import { ModelError } from './model-error';
import { createOpenAICompatibleModel } from './openai-compatible-model';
import type { CatalogueModel } from './openai-compatible-model';
import type { RetryEvent, RetryPolicy } from './retry';

const modelEntrySchema = z.object({
  id: z.string().trim().min(1, { error: 'A model needs an id.' }).max(200),
  label: z.string().trim().min(1).max(100).optional(),
  provider: z.literal('openai-compatible', { error: 'The provider of a model is "openai-compatible".' }).default('openai-compatible'),
  contextWindow: z.number().int().positive().optional(),
  maxOutputTokens: z.number().int().positive().optional(),
  structuredOutputs: z.boolean().optional(),
});

const positiveMs = z.number().int().positive().max(3_600_000);

export const modelCatalogueConfigSchema = z
  .object({
    baseUrl: z
      .url({ protocol: /^https?$/, error: 'AI_BASE_URL must be an http(s) URL such as https://api.openai.com/v1.' })
      .optional(),
    apiKey: z.string().min(1).optional(),
    defaultModel: z.string().trim().min(1).optional(),
    models: z.array(modelEntrySchema).max(50).optional(),
    timeoutMs: positiveMs.optional(),
    /** The offline model's pause between streamed chunks (0 = as fast as possible). */
    offlineChunkDelayMs: z.number().int().min(0).max(1000).optional(),
    firstTokenTimeoutMs: positiveMs.optional(),
    retry: z
      .object({ maxAttempts: z.number().int().min(1).max(10).optional(), baseDelayMs: z.number().min(0).optional(), maxDelayMs: z.number().min(0).optional() })
      .optional(),
  })
  .superRefine((config, ctx) => {
    if (config.baseUrl === undefined) return;
    const ids = (config.models ?? []).map((model) => model.id);
    if (ids.length === 0 && config.defaultModel === undefined) {
      ctx.addIssue({ code: 'custom', path: ['defaultModel'], message: 'AI_BASE_URL is set but no model is: set AI_MODEL (e.g. gpt-4o-mini).' });
    }
    if (config.defaultModel !== undefined && ids.length > 0 && !ids.includes(config.defaultModel)) {
      ctx.addIssue({ code: 'custom', path: ['defaultModel'], message: `The default model ${config.defaultModel} is not in the model list (${ids.join(', ')}).` });
    }
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['models'], message: `The model ${id} is listed twice.` });
      seen.add(id);
    }
  });
export type ModelCatalogueConfig = z.input<typeof modelCatalogueConfigSchema>;

export interface ModelCatalogueOptions {
  readonly clock?: Clock;
  readonly onRetry?: (event: RetryEvent & { readonly model: string }) => void;
}

/** What a model picker shows. */
export interface ModelSummary {
  readonly id: string;
  readonly label: string;
  readonly offline: boolean;
  readonly provider: CatalogueModel['provider'];
  readonly contextWindow?: number;
  readonly maxOutputTokens?: number;
}

export interface ModelCatalogue {
  /** True when no endpoint is configured and the offline model is the only one. */
  readonly offline: boolean;
  readonly defaultModelId: string;
  readonly models: readonly ModelSummary[];
  has(modelId: string): boolean;
  /** The model for an app (its setting) or the default; an id not in the catalogue is a ModelError `unknown_model`. */
  get(modelId?: string | null): CatalogueModel;
}

function offlineCatalogueModel(chunkDelayMs = 0): CatalogueModel {
  return { ...createOfflineModel({ chunkDelayMs }), provider: 'offline' };
}

function summary(model: CatalogueModel): ModelSummary {
  return {
    id: model.id,
    label: model.label,
    offline: model.offline,
    provider: model.provider,
    ...(model.contextWindow !== undefined ? { contextWindow: model.contextWindow } : {}),
    ...(model.maxOutputTokens !== undefined ? { maxOutputTokens: model.maxOutputTokens } : {}),
  };
}

/**
 * The models this server offers. With an endpoint (`AI_BASE_URL`, `AI_API_KEY`, `AI_MODEL`, or an
 * explicit list) the configured OpenAI-compatible models; with none, only the offline model.
 * A malformed configuration is a ModelError `invalid_config` naming every problem.
 */
export function createModelCatalogue(config: ModelCatalogueConfig = {}, options: ModelCatalogueOptions = {}): ModelCatalogue {
  const parsed = modelCatalogueConfigSchema.safeParse(config);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`);
    throw new ModelError('invalid_config', `The AI model configuration is not valid: ${issues.join('; ')}`, { issues });
  }
  const settings = parsed.data;
  const models = new Map<string, CatalogueModel>();
  let defaultModelId: string;

  if (settings.baseUrl === undefined) {
    const offline = offlineCatalogueModel(settings.offlineChunkDelayMs);
    models.set(offline.id, offline);
    defaultModelId = OFFLINE_MODEL_ID;
  } else {
    const entries = settings.models ?? [{ id: settings.defaultModel ?? '', provider: 'openai-compatible' as const }];
    for (const entry of entries) {
      const retry: Partial<RetryPolicy> = { ...settings.retry };
      models.set(
        entry.id,
        createOpenAICompatibleModel({
          id: entry.id,
          baseUrl: settings.baseUrl,
          ...(settings.apiKey !== undefined ? { apiKey: settings.apiKey } : {}),
          ...(entry.label !== undefined ? { label: entry.label } : {}),
          ...(entry.contextWindow !== undefined ? { contextWindow: entry.contextWindow } : {}),
          ...(entry.maxOutputTokens !== undefined ? { maxOutputTokens: entry.maxOutputTokens } : {}),
          ...(entry.structuredOutputs !== undefined ? { structuredOutputs: entry.structuredOutputs } : {}),
          ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
          ...(settings.firstTokenTimeoutMs !== undefined ? { firstTokenTimeoutMs: settings.firstTokenTimeoutMs } : {}),
          retry,
          ...(options.clock ? { clock: options.clock } : {}),
          ...(options.onRetry ? { onRetry: options.onRetry } : {}),
        }),
      );
    }
    defaultModelId = settings.defaultModel ?? entries[0]?.id ?? '';
  }

  const list = [...models.values()].map(summary);
  return {
    offline: settings.baseUrl === undefined,
    defaultModelId,
    models: list,
    has: (modelId) => models.has(modelId),
    get(modelId) {
      const id = modelId ?? defaultModelId;
      const model = models.get(id);
      if (model === undefined) {
        throw new ModelError(
          'unknown_model',
          `This server has no model called “${id}”. Pick one of: ${list.map((entry) => `${entry.label} (${entry.id})`).join(', ')}.`,
        );
      }
      return model;
    },
  };
}
