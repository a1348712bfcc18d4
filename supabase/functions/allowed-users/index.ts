// Supabase Edge Function entry point for `allowed-users` (#17 bundles & payments). The handler lives in
// packages/functions (the same code the embedded backend hosts at /functions/v1/allowed-users).
// Deploy: supabase functions deploy allowed-users
// Secrets: SITE_URL, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (without them paid items cannot be bought).
import { createClient } from '@supabase/supabase-js';
import { allowedUsersFunction } from '../../../packages/functions/src/billing/allowed-users.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
const read = (name: string): string | undefined => Deno.env.get(name);

Deno.serve(createEdgeHandler(allowedUsersFunction, { supabase, env: edgeEnv(read) }));
