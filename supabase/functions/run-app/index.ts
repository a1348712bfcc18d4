// Supabase Edge Function entry point for `run-app`. The handler itself lives in packages/functions
// (the same code the embedded backend hosts at /functions/v1/run-app); this file only wires Deno.
// Deploy: supabase functions deploy run-app   (verify_jwt stays on: the gateway checks the token)
// Secrets: AI_BASE_URL, AI_API_KEY, AI_MODEL (none → the offline model), RUN_RATE_LIMIT_PER_MINUTE,
// MODERATION_URL / MODERATION_API_KEY / MODERATION_MODEL (class runs' content check; none → local lists),
// TRUSTED_PROXIES (the gateway's addresses whose X-Forwarded-For names the visitor; none → the connection's).
// The run limits are counted in the project's database (SUPABASE_DB_URL, which Supabase gives
// every function), shared with every other isolate: packages/functions/src/limits.ts.
import { createClient } from '@supabase/supabase-js';
// pg ships no types of its own; Deno takes them from @types/pg (pinned in deno.json).
// @ts-types="@types/pg"
import pg from 'pg';
import { postgresLimits } from '../../../packages/functions/src/limits.ts';
import { runAppFunction } from '../../../packages/functions/src/run-app.ts';
import { edgeModels } from '../../../packages/functions/src/edge-models.ts';
import { createEdgeHandler, edgeEnv, edgeTrustedProxies } from '../../../packages/functions/src/edge.ts';
import { createContentCheckerFromEnv } from '../../../packages/functions/src/safety/index.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
const dbUrl = Deno.env.get('SUPABASE_DB_URL');
if (!url || !serviceRoleKey || !dbUrl) throw new Error('SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_DB_URL must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
const read = (name: string): string | undefined => Deno.env.get(name);

const limits = postgresLimits(new pg.Pool({ connectionString: dbUrl, max: 2 }));

Deno.serve(createEdgeHandler(runAppFunction, { supabase, env: edgeEnv(read), models: edgeModels(read), limits, safety: createContentCheckerFromEnv(read), trustedProxies: edgeTrustedProxies(read) }));
