// The engine's ApiCapability for run-app: an app's `api` steps call its OWNER's APIs with the
// owner's secrets (never the visitor's), through the guarded outbound client and the app's host
// allowlist. Each call's status, time and size is recorded on the run (AppRunApiCall); headers,
// bodies and secrets never are. A failure throws an Error whose message the engine shows in the
// failed step, with the secret scrubbed out.
import type { ApiCapability, ApiCallRequest } from '@appforge/engine';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ApiCallError, callEndpoint, loadEndpoint } from './api-call.ts';
import type { ApiCallEnv } from './api-call.ts';
import type { AppRow } from './apps.ts';
import type { FunctionLogger } from './types.ts';

export function appApis(supabase: SupabaseClient, app: AppRow, env: ApiCallEnv | undefined, runId: string, log: FunctionLogger): ApiCapability {
  const record = async (request: ApiCallRequest, row: { status: number; duration_ms: number; response_bytes: number; error_code: string | null }): Promise<void> => {
    const saved = await supabase.from('AppRunApiCall').insert({
      run_id: runId,
      step_id: (request.stepId ?? '').slice(0, 100),
      api_id: request.apiId,
      endpoint_id: request.endpointId,
      ...row,
      duration_ms: Math.round(row.duration_ms),
    });
    if (saved.error) log.warn({ run_id: runId, error: saved.error.message }, 'recording an API call failed');
  };
  return {
    async call(request) {
      if (!env) throw new Error('API calls are not configured on this server.');
      const loaded = await loadEndpoint(supabase, env, app.owner_id, request.apiId, request.endpointId).catch((error: unknown) => {
        throw new Error(error instanceof Error ? error.message : 'the API could not be read');
      });
      if (!loaded) throw new Error('the app’s owner has no such API or endpoint any more.');
      const endpoint = request.outputPath !== undefined ? { ...loaded.endpoint, response_path: request.outputPath } : loaded.endpoint;
      const started = performance.now();
      try {
        const result = await callEndpoint({ ...loaded, endpoint }, request.params, env, {
          allowHosts: app.config?.outboundAllowHosts ?? [],
          signal: request.signal,
        });
        await record(request, { status: result.status, duration_ms: result.durationMs, response_bytes: result.sizeBytes, error_code: result.ok ? null : 'http_status' });
        if (!result.ok) throw new Error(`${loaded.api.name} answered ${result.status}.`);
        return result.output ?? null;
      } catch (error) {
        if (error instanceof ApiCallError) {
          await record(request, { status: 0, duration_ms: performance.now() - started, response_bytes: 0, error_code: error.code });
          throw new Error(error.message, { cause: error });
        }
        throw error;
      }
    },
  };
}
