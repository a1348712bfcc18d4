// Supabase Edge Function entry point for `join-class` (issue 19). The handler itself lives in packages/functions
// (the same code the embedded backend hosts at /functions/v1/join-class); this file only wires Deno.
// Deploy: supabase functions deploy join-class   (verify_jwt stays on: the gateway checks the token)
// Join-code tries are counted in the project's database (SUPABASE_DB_URL), shared by every isolate.
import { createClient } from '@supabase/supabase-js';
// pg ships no types of its own; Deno takes them from @types/pg (pinned in deno.json).
// @ts-types="@types/pg"
import pg from 'pg';
import { joinClassFunction } from '../../../packages/functions/src/classes/join-class.ts';
import { postgresLimits } from '../../../packages/functions/src/limits.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
const dbUrl = Deno.env.get('SUPABASE_DB_URL');
if (!url || !serviceRoleKey || !dbUrl) throw new Error('SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_DB_URL must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
const limits = postgresLimits(new pg.Pool({ connectionString: dbUrl, max: 2 }));

Deno.serve(createEdgeHandler(joinClassFunction, { supabase, env: edgeEnv((name) => Deno.env.get(name)), limits }));
