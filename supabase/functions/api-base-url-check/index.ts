// Supabase Edge Function entry point for `api-base-url-check` ("Your APIs": a base URL judged by the outbound guard before it is saved).
// The handler lives in packages/functions; this file only wires Deno.
// Deploy: supabase functions deploy api-base-url-check   (verify_jwt stays on)
// Secrets: OUTBOUND_PORTS (the same policy as api-test-call; private and loopback hosts are always refused on Edge).
import { createClient } from '@supabase/supabase-js';
import { apiBaseUrlCheck } from '../../../packages/functions/src/api-functions.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
const read = (name: string): string | undefined => Deno.env.get(name);

Deno.serve(createEdgeHandler(apiBaseUrlCheck, { supabase, env: edgeEnv(read) }));
