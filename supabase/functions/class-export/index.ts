// Supabase Edge Function entry point for `class-export` (issue 19). The handler itself lives in packages/functions
// (the same code the embedded backend hosts at /functions/v1/class-export); this file only wires Deno.
// Deploy: supabase functions deploy class-export   (verify_jwt stays on: the gateway checks the token)
import { createClient } from '@supabase/supabase-js';
import { classExportFunction } from '../../../packages/functions/src/classes/class-export.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(createEdgeHandler(classExportFunction, { supabase, env: edgeEnv((name) => Deno.env.get(name)) }));
