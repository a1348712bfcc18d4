// Supabase Edge Function entry point for `hand-over` (issue 26): a signed-in person who confirmed
// on the platform's own host gets a one-time sign-in link for a verified custom domain.
import { createClient } from '@supabase/supabase-js';
import { handOver } from '../../../packages/functions/src/domains/hand-over.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(createEdgeHandler(handOver, { supabase, env: edgeEnv((name) => Deno.env.get(name)) }));
