// API keys and an app's API access (issue #16): the owner's keys and their usage (read through
// RLS, never the hash), the create/revoke/rotate-api-key functions, and the public API itself for
// the try-it panel (called with a key the person pasted, kept in memory only).
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { UUID_PATTERN, invalidInput, requireUuid } from './app-rows';
import { signedInUserId } from './request';
import type { Database } from './database.types';
import { AppforgeError, fromFunctionsError, fromPostgrest } from './errors';
import type { ApiRunEvent } from './api/schemas';
import { inChunks, parseResponse } from './rows';

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

export interface ApiKeyUsageDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  runs: number;
  input_tokens: number;
  output_tokens: number;
  errors: number;
}

const counter = z.union([z.number(), z.string()]).transform((value) => Number(value));

const keyRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  app_ids: z.array(z.string()).nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  rate_limit_per_minute: z.number(),
  replaced_by: z.string().nullable(),
  runs_count: counter,
  input_tokens: counter,
  output_tokens: counter,
  errors_count: counter,
});

const usageRowSchema = z.object({
  api_key_id: z.string(),
  day: z.string(),
  runs: z.number(),
  input_tokens: counter,
  output_tokens: counter,
  errors: z.number(),
});

export type ApiKeyRow = z.output<typeof keyRowSchema>;

export interface ApiKeySummary extends ApiKeyRow {
  status: ApiKeyStatus;
  /** One entry per day, oldest first, zeros included (USAGE_DAYS long). */
  usage: ApiKeyUsageDay[];
}

export interface CreateApiKeyInput {
  name: string;
  /** null: all my apps. */
  app_ids: string[] | null;
  /** ISO date and time, or null for a key that never expires. */
  expires_at: string | null;
  rate_limit_per_minute?: number;
}

const createdSchema = z.object({
  id: z.string(),
  key: z.string(),
  prefix: z.string(),
  name: z.string(),
  app_ids: z.array(z.string()).nullable(),
  expires_at: z.string().nullable(),
  rate_limit_per_minute: z.number(),
  replaces: z.object({ id: z.string(), expires_at: z.string() }).optional(),
});
export type CreatedApiKey = z.output<typeof createdSchema>;

export interface ApiInputField {
  name: string;
  label: string;
  type: string;
  required: boolean;
  options?: string[];
}

export interface AppApiAccess {
  app_id: string;
  name: string;
  enabled: boolean;
  deployed: boolean;
  visibility: string;
  /** The deployed version's first input step's fields (what a call sends as `inputs`). */
  inputs: ApiInputField[];
}

export interface ApiKeysApi {
  /** Where the public API lives: `<project url>/functions/v1/api`. */
  baseUrl(): string;
  listMine(): Promise<ApiKeySummary[]>;
  get(apiKeyId: string): Promise<ApiKeySummary>;
  create(input: CreateApiKeyInput): Promise<CreatedApiKey>;
  revoke(apiKeyId: string): Promise<{ id: string; revoked_at: string }>;
  /** A new key like this one; the old one stops after the grace period. */
  rotate(apiKeyId: string, gracePeriodMinutes: number): Promise<CreatedApiKey>;
  appAccess(appId: string): Promise<AppApiAccess>;
  setApiAccess(appId: string, enabled: boolean): Promise<void>;
  /**
   * Runs the app through the public API with this key, streaming its events (`run`, the engine's
   * as `progress`, `done` last), through the typed API client (`@appforge/sdk/api`): its refusals
   * are the same error classes a developer's code gets.
   */
  tryRun(input: { key: string; appId: string; inputs: Record<string, unknown>; signal?: AbortSignal }): AsyncGenerator<ApiRunEvent>;
  /**
   * Continues a run of this key that waits (`done` with status `awaiting_input`) through the public
   * API: `{inputs}` for a run waiting for inputs, `{choice}` (a button's index) for one waiting for
   * a button. Streams its events like tryRun.
   */
  tryContinue(input: { key: string; runId: string; answer: TryAnswer; signal?: AbortSignal }): AsyncGenerator<ApiRunEvent>;
}

/** What continues a waiting run: the waiting input step's values, or the index of a button. */
export type TryAnswer = { inputs: Record<string, unknown> } | { choice: number };

/** Days of usage a key carries (the list's sparkline, the key's usage by day). */
export const USAGE_DAYS = 14;
/** Keys whose usage one REST read asks for (it returns at most 1000 rows: 71 × 14 = 994). */
const KEYS_PER_USAGE_READ = Math.floor(1000 / USAGE_DAYS);

export function apiKeyStatus(key: Pick<ApiKeyRow, 'revoked_at' | 'expires_at'>, now = Date.now()): ApiKeyStatus {
  if (key.revoked_at !== null) return 'revoked';
  if (key.expires_at !== null && Date.parse(key.expires_at) <= now) return 'expired';
  return 'active';
}

/** The last `days` UTC days, oldest first, with each key's usage (zeros where none). */
export function usageSeries(rows: readonly ApiKeyUsageDay[], days = USAGE_DAYS, now = Date.now()): ApiKeyUsageDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(now - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    return byDay.get(day) ?? { day, runs: 0, input_tokens: 0, output_tokens: 0, errors: 0 };
  });
}

const KEY_COLUMNS =
  'id, name, prefix, app_ids, created_at, last_used_at, expires_at, revoked_at, rate_limit_per_minute, replaced_by, runs_count, input_tokens, output_tokens, errors_count';

const loose = z.looseObject({});
const specSchema = z.object({
  entryStepId: z.string().optional(),
  steps: z.array(z.looseObject({ id: z.string(), kind: z.string(), config: loose.optional() })).default([]),
});
const fieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  required: z.boolean().default(false),
  options: z.array(z.string()).optional(),
});

/** The inputs a call sends: the entry step's fields when it is an input step, else the first input step's. */
export function entryInputs(spec: unknown): ApiInputField[] {
  const parsed = specSchema.safeParse(spec);
  if (!parsed.success) return [];
  const { steps, entryStepId } = parsed.data;
  const entry = steps.find((step) => step.id === entryStepId);
  const step = entry?.kind === 'input' ? entry : steps.find((candidate) => candidate.kind === 'input');
  const fields = z.array(fieldSchema).safeParse(step?.config?.fields ?? []);
  if (!fields.success) return [];
  return fields.data.map(({ options, ...field }) => (field.type === 'choice' && options ? { ...field, options } : field));
}

export function createApiKeysApi(supabase: SupabaseClient<Database>, projectUrl: string): ApiKeysApi {
  const baseUrl = `${projectUrl.replace(/\/+$/, '')}/functions/v1/api`;

  async function invoke(name: string, body: Record<string, unknown>): Promise<unknown> {
    const result = await supabase.functions.invoke<unknown>(name, { method: 'POST', body });
    const error: unknown = result.error;
    if (error) throw await fromFunctionsError(error);
    return result.data;
  }

  async function usageOf(ids: readonly string[]): Promise<Map<string, ApiKeyUsageDay[]>> {
    const byKey = new Map<string, ApiKeyUsageDay[]>();
    const since = new Date(Date.now() - (USAGE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    // A key has at most USAGE_DAYS rows here, and one REST read returns at most 1000 rows: so few
    // keys per read that none of their days is cut off.
    const answers = await Promise.all(
      inChunks(ids, KEYS_PER_USAGE_READ).map(async (chunk) => {
        const { data, error, status } = await supabase
          .from('ApiKeyUsageDay')
          .select('api_key_id, day, runs, input_tokens, output_tokens, errors')
          .in('api_key_id', chunk)
          .gte('day', since);
        if (error) throw fromPostgrest(error, status);
        return parseResponse(z.array(usageRowSchema), data, 'the keys’ usage');
      }),
    );
    for (const { api_key_id: keyId, ...row } of answers.flat()) {
      byKey.set(keyId, [...(byKey.get(keyId) ?? []), row]);
    }
    return byKey;
  }

  /** The typed public-API client for a key the person pasted (loaded on first use: only the try-it panel needs it). */
  async function apiWith(key: string) {
    if (key.trim() === '') throw invalidInput('Paste an API key first.');
    const { createAppforgeApi } = await import('./api/client');
    return createAppforgeApi({ url: baseUrl, apiKey: key });
  }

  const summarise = (row: ApiKeyRow, usage: ApiKeyUsageDay[] | undefined): ApiKeySummary => ({
    ...row,
    status: apiKeyStatus(row),
    usage: usageSeries(usage ?? []),
  });

  return {
    baseUrl: () => baseUrl,
    async listMine() {
      const ownerId = await signedInUserId(supabase);
      const { data, error, status } = await supabase.from('ApiKey').select(KEY_COLUMNS).eq('owner_id', ownerId).order('created_at', { ascending: false });
      if (error) throw fromPostgrest(error, status);
      const rows = parseResponse(z.array(keyRowSchema), data, 'your API keys');
      const usage = await usageOf(rows.map((row) => row.id));
      return rows.map((row) => summarise(row, usage.get(row.id)));
    },
    async get(apiKeyId) {
      const notFound = new AppforgeError({ code: 'not_found', message: 'This API key was not found.', status: 404 });
      if (!UUID_PATTERN.test(apiKeyId)) throw notFound;
      const ownerId = await signedInUserId(supabase);
      const { data, error, status } = await supabase.from('ApiKey').select(KEY_COLUMNS).eq('id', apiKeyId).eq('owner_id', ownerId).maybeSingle();
      if (error) throw fromPostgrest(error, status);
      if (data === null) throw notFound;
      const row = parseResponse(keyRowSchema, data, 'the API key');
      return summarise(row, (await usageOf([row.id])).get(row.id));
    },
    async create(input) {
      return parseResponse(createdSchema, await invoke('create-api-key', { ...input }), 'create-api-key');
    },
    async revoke(apiKeyId) {
      requireUuid(apiKeyId, 'API key');
      return parseResponse(z.object({ id: z.string(), revoked_at: z.string() }), await invoke('revoke-api-key', { id: apiKeyId }), 'revoke-api-key');
    },
    async rotate(apiKeyId, gracePeriodMinutes) {
      requireUuid(apiKeyId, 'API key');
      return parseResponse(createdSchema, await invoke('rotate-api-key', { id: apiKeyId, grace_period_minutes: gracePeriodMinutes }), 'rotate-api-key');
    },
    async appAccess(appId) {
      requireUuid(appId, 'app');
      const ownerId = await signedInUserId(supabase);
      const app = await supabase.from('App').select('id, name, visibility, api_access_enabled, deployed_version_id').eq('id', appId).eq('owner_id', ownerId).maybeSingle();
      if (app.error) throw fromPostgrest(app.error, app.status);
      if (app.data === null) throw new AppforgeError({ code: 'not_found', message: 'This app was not found.', status: 404 });
      let inputs: ApiInputField[] = [];
      if (app.data.deployed_version_id !== null) {
        const version = await supabase.from('AppVersion').select('spec').eq('id', app.data.deployed_version_id).maybeSingle();
        if (version.error) throw fromPostgrest(version.error, version.status);
        inputs = entryInputs(version.data?.spec ?? null);
      }
      return {
        app_id: app.data.id,
        name: app.data.name,
        enabled: app.data.api_access_enabled,
        deployed: app.data.deployed_version_id !== null,
        visibility: app.data.visibility,
        inputs,
      };
    },
    async setApiAccess(appId, enabled) {
      requireUuid(appId, 'app');
      const ownerId = await signedInUserId(supabase);
      const { data, error, status } = await supabase.from('App').update({ api_access_enabled: enabled }).eq('id', appId).eq('owner_id', ownerId).select('id');
      if (error) throw fromPostgrest(error, status);
      if (data.length === 0) throw new AppforgeError({ code: 'not_found', message: 'This app was not found.', status: 404 });
    },
    async *tryRun({ key, appId, inputs, signal }) {
      yield* (await apiWith(key)).runs.stream(appId, inputs, signal ? { signal } : {});
    },
    async *tryContinue({ key, runId, answer, signal }) {
      yield* (await apiWith(key)).runs.continueStream(runId, answer, signal ? { signal } : {});
    },
  };
}
