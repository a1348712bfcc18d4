// Supabase Edge Function entry point for `manage-domain` (custom domains, issue 18). The handler
// lives in packages/functions; this file only wires Deno.
// Deploy: supabase functions deploy manage-domain   (verify_jwt stays on)
// Secrets: APP_HOST, SCHOOLS_HOST, DOMAIN_CNAME_TARGET, DOMAIN_A_RECORDS, DNS_RESOLVER, DNS_TIMEOUT_MS.
import { createClient } from '@supabase/supabase-js';
import { manageDomain } from '../../../packages/functions/src/domains/manage-domain.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(createEdgeHandler(manageDomain, { supabase, env: edgeEnv((name) => Deno.env.get(name)) }));
