// Supabase Edge Function entry point for `domain-allowed` (custom domains, issue 18): Caddy's
// on-demand TLS asks it before getting a certificate. Caddy cannot send a key, so deploy it with
// verify_jwt = false: supabase functions deploy domain-allowed --no-verify-jwt
import { createClient } from '@supabase/supabase-js';
import { domainAllowed } from '../../../packages/functions/src/domains/domain-allowed.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(createEdgeHandler(domainAllowed, { supabase, env: edgeEnv((name) => Deno.env.get(name)) }));
