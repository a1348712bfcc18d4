// Shared by the AI-app functions: reading apps and versions with the service role, the caller's
// rights on them, and server-sent events.
import { allowedHostsSchema } from '@appforge/engine';
import type { ModelCapability, Problem } from '@appforge/engine';
import { isModelError } from '@appforge/models';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { errorResponse } from './http.ts';

export type Visibility = 'public' | 'unlisted' | 'signed_in' | 'allowed_users';

export interface AppRow {
  id: string;
  owner_id: string;
  name: string;
  visibility: Visibility;
  draft_version_id: string | null;
  deployed_version_id: string | null;
  /** The owner's database the app's `database` steps use (see app-database.ts). */
  database_id: string | null;
  /** From the owner-only AppConfig table; null when the owner never set it. */
  config: AppRunConfig | null;
}

/**
 * What an app's settings change in a run (AppConfig.config, written by the SDK). Read leniently:
 * a field that is missing or malformed is as good as unset, never a failed run.
 */
export interface AppRunConfig {
  model: string | null;
  temperature: number | null;
  maxOutputTokens: number | null;
  systemPrompt: string | null;
  /** Hosts the app's `api` steps may call (`api.example.com`, `*.example.com`); empty = any public host. */
  outboundAllowHosts: string[];
}

/** Stands for an unreadable host list: no host name can equal it, so every call is refused. */
export const UNREADABLE_ALLOW_LIST = '(unreadable allow list)';

const storedConfigSchema = z.object({
  model: z.string().min(1).max(200).nullable().catch(null).default(null),
  temperature: z.number().min(0).max(2).nullable().catch(null).default(null),
  max_output_tokens: z.number().int().min(1).max(32000).nullable().catch(null).default(null),
  system_prompt: z.string().max(8000).nullable().catch(null).default(null),
  // The same rule as the screen that writes it (the engine's allowedHostsSchema). Fails closed: a
  // list with any entry it cannot read allows no host (an empty list would allow every public one).
  outbound_allow_hosts: allowedHostsSchema.catch([UNREADABLE_ALLOW_LIST]).default([]),
});

export function parseRunConfig(value: unknown): AppRunConfig | null {
  if (value === null || typeof value !== 'object') return null;
  const parsed = storedConfigSchema.safeParse(value);
  if (!parsed.success) return null;
  const { model, temperature, max_output_tokens: maxOutputTokens, system_prompt: systemPrompt, outbound_allow_hosts: outboundAllowHosts } = parsed.data;
  return { model, temperature, maxOutputTokens, systemPrompt: systemPrompt?.trim() ? systemPrompt : null, outboundAllowHosts };
}

export interface VersionRow {
  id: string;
  app_id: string;
  number: number;
  frozen: boolean;
  spec: unknown;
}

export const APP_COLUMNS = 'id, owner_id, name, visibility, draft_version_id, deployed_version_id, database_id';
const VERSION_COLUMNS = 'id, app_id, number, frozen, spec';

/** Largest JSON body the AI-app functions read (inputs, messages): 64 KB. */
export const MAX_BODY_BYTES = 64 * 1024;

export type ReadBody = { ok: true; value: unknown } | { ok: false; response: Response };

/** A JSON body of at most MAX_BODY_BYTES; an empty body is `{}`. */
export async function readSmallJsonBody(req: Request): Promise<ReadBody> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return { ok: false, response: tooLarge() };
  const text = await req.text();
  if (new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES) return { ok: false, response: tooLarge() };
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: errorResponse(400, 'invalid_body', 'The request body is not valid JSON') };
  }
}

function tooLarge(): Response {
  return errorResponse(413, 'payload_too_large', `The request body is larger than ${MAX_BODY_BYTES / 1024} KB`);
}

/** Zod issues as one sentence list. */
export function issuesMessage(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

export async function loadApp(supabase: SupabaseClient, appId: string): Promise<AppRow | null> {
  const result = await supabase.from('App').select(APP_COLUMNS).eq('id', appId).maybeSingle<Omit<AppRow, 'config'>>();
  if (result.error) throw new Error(`Reading the app failed: ${result.error.message}`);
  if (result.data === null) return null;
  return { ...result.data, config: await loadAppConfig(supabase, appId) };
}

/** The app's run settings from the owner-only AppConfig table (null when never set). */
export async function loadAppConfig(supabase: SupabaseClient, appId: string): Promise<AppRunConfig | null> {
  const config = await supabase.from('AppConfig').select('config').eq('app_id', appId).maybeSingle<{ config: unknown }>();
  if (config.error) throw new Error(`Reading the app's settings failed: ${config.error.message}`);
  return parseRunConfig(config.data?.config ?? null);
}

/** A version of this app, or null (a version of another app is as good as absent). */
export async function loadVersion(supabase: SupabaseClient, appId: string, versionId: string): Promise<VersionRow | null> {
  const result = await supabase
    .from('AppVersion')
    .select(VERSION_COLUMNS)
    .eq('id', versionId)
    .eq('app_id', appId)
    .maybeSingle<VersionRow>();
  if (result.error) throw new Error(`Reading the version failed: ${result.error.message}`);
  return result.data;
}

/** The model an app asks for in its config (`config.model`), if any. */
export function appModelId(app: AppRow): string | null {
  return app.config?.model ?? null;
}

/**
 * The model as the app's settings shape it for every AI step: the app's system prompt comes
 * before the step's own, its temperature replaces the step's, and its output-token limit caps
 * the step's.
 */
export function withAppConfig(model: ModelCapability, config: AppRunConfig | null): ModelCapability {
  if (config === null) return model;
  const { systemPrompt, temperature, maxOutputTokens } = config;
  if (systemPrompt === null && temperature === null && maxOutputTokens === null) return model;
  return {
    id: model.id,
    label: model.label,
    offline: model.offline,
    stream(request) {
      const system = [systemPrompt, request.system].filter((part): part is string => typeof part === 'string' && part !== '').join('\n\n');
      return model.stream({
        ...request,
        ...(system !== '' ? { system } : {}),
        settings: {
          ...request.settings,
          ...(temperature !== null ? { temperature } : {}),
          ...(maxOutputTokens !== null ? { maxOutputTokens: Math.min(maxOutputTokens, request.settings.maxOutputTokens) } : {}),
        },
      });
    },
  };
}

/** Only blocking problems, in the wire shape `{stepId, field, code, message}`. */
export function wireProblems(problems: readonly Problem[]): { stepId: string | null; field: string; code: string; message: string }[] {
  return problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => ({ stepId: problem.stepId ?? null, field: problem.field, code: problem.code, message: problem.message }));
}

/** A model failure as `{status, code, message}` for a JSON answer or an SSE error event. */
export function modelFailure(error: unknown): { status: number; code: string; message: string } | null {
  if (!isModelError(error)) return null;
  if (error.code === 'rate_limited') return { status: 429, code: 'model_rate_limited', message: error.message };
  if (error.code === 'timeout') return { status: 504, code: 'model_timeout', message: error.message };
  if (error.code === 'invalid_output') return { status: 502, code: 'invalid_model_output', message: error.message };
  if (error.code === 'unknown_model' || error.code === 'invalid_config') {
    return { status: 503, code: 'model_unavailable', message: error.message };
  }
  return { status: 502, code: 'model_error', message: error.message };
}

export interface EventSink {
  send(event: string, data: unknown): void;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
}

/**
 * A `text/event-stream` response whose events `produce` writes; the stream ends when it returns.
 * A throw inside becomes an `error` event (after logging), never a broken connection.
 */
export function sseResponse(
  requestSignal: AbortSignal,
  produce: (sink: EventSink) => Promise<void>,
  onError: (error: unknown, sink: EventSink) => void,
): Response {
  const encoder = new TextEncoder();
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  if (requestSignal.aborted) abort();
  else requestSignal.addEventListener('abort', abort, { once: true });
  const body = new ReadableStream<Uint8Array>({
    async start(stream) {
      let open = true;
      const sink: EventSink = {
        signal: controller.signal,
        send(event, data) {
          if (!open) return;
          try {
            stream.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
          } catch {
            open = false;
          }
        },
      };
      try {
        await produce(sink);
      } catch (error) {
        onError(error, sink);
      } finally {
        requestSignal.removeEventListener('abort', abort);
        if (open) {
          open = false;
          stream.close();
        }
      }
    },
    cancel() {
      controller.abort();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
