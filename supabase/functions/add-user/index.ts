// Supabase Edge Function entry point for `add-user`. The handler itself lives in packages/functions
// (the same code the embedded backend hosts at /functions/v1/add-user); this file only wires Deno.
// Deploy: supabase functions deploy add-user   (verify_jwt stays on: the gateway checks the token)
import { createClient } from '@supabase/supabase-js';
import { addUser } from '../../../packages/functions/src/add-user.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(createEdgeHandler(addUser, { supabase, env: edgeEnv((name) => Deno.env.get(name)) }));
