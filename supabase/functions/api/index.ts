// Supabase Edge Function entry point for `api`. The handler itself lives in packages/functions
// (the same code the embedded backend hosts at /functions/v1/api); this file only wires Deno.
// Deploy: supabase functions deploy api --no-verify-jwt   (the API checks its own keys: Authorization: Bearer af_…)
// Secrets: AI_BASE_URL, AI_API_KEY, AI_MODEL (none → the offline model).
import { createClient } from '@supabase/supabase-js';
import { apiFunction } from '../../../packages/functions/src/api/handler.ts';
import { edgeModels } from '../../../packages/functions/src/edge-models.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
const read = (name: string): string | undefined => Deno.env.get(name);

Deno.serve(createEdgeHandler(apiFunction, { supabase, env: edgeEnv(read), models: edgeModels(read) }));
