// Supabase Edge Function entry point for `revoke-api-key`. The handler itself lives in packages/functions
// (the same code the embedded backend hosts at /functions/v1/revoke-api-key); this file only wires Deno.
// Deploy: supabase functions deploy revoke-api-key   (verify_jwt stays on: the gateway checks the token)
import { createClient } from '@supabase/supabase-js';
import { revokeApiKey } from '../../../packages/functions/src/api/keys.ts';
import { edgeModels } from '../../../packages/functions/src/edge-models.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
const read = (name: string): string | undefined => Deno.env.get(name);

Deno.serve(createEdgeHandler(revokeApiKey, { supabase, env: edgeEnv(read), models: edgeModels(read) }));
