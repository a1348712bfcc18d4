// Supabase Edge Function entry point for `billing` (#17 bundles & payments). The handler lives in
// packages/functions (the same code the embedded backend hosts at /functions/v1/billing).
// Deploy: supabase functions deploy billing
// Secrets: SITE_URL, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (without them paid items cannot be bought).
import { createClient } from '@supabase/supabase-js';
import { billingFunction } from '../../../packages/functions/src/billing/billing.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
const read = (name: string): string | undefined => Deno.env.get(name);

Deno.serve(createEdgeHandler(billingFunction, { supabase, env: edgeEnv(read) }));
