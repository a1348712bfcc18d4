// Supabase Edge Function entry point for `api-import-openapi` (reads an OpenAPI or Swagger document, by URL through the guarded client, into a preview).
// The handler lives in packages/functions; this file only wires Deno.
// Deploy: supabase functions deploy api-import-openapi   (verify_jwt stays on)
// Secrets: SECRETS_KEY (≥ 32 chars; without it the function answers 503), SECRETS_KEY_PREVIOUS.
import { createClient } from '@supabase/supabase-js';
import { apiImportOpenapi } from '../../../packages/functions/src/api-import.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
const read = (name: string): string | undefined => Deno.env.get(name);

Deno.serve(createEdgeHandler(apiImportOpenapi, { supabase, env: edgeEnv(read) }));
