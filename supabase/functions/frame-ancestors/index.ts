// Supabase Edge Function entry point for `frame-ancestors` (embedding, issue 28): Caddy asks it
// which sites may frame a deployed app before serving /deployed-app/<id>. Caddy cannot send a key,
// so deploy it with verify_jwt = false: supabase functions deploy frame-ancestors --no-verify-jwt
import { createClient } from '@supabase/supabase-js';
import { frameAncestorsFunction } from '../../../packages/functions/src/domains/frame-ancestors.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(createEdgeHandler(frameAncestorsFunction, { supabase, env: edgeEnv((name) => Deno.env.get(name)) }));
