// Supabase Edge Function entry point for `share-page` (issue 28, pages that preview when shared):
// a self-hosted Caddy asks it for the landing page, the deployed app and the bundle page with their
// tags, and for robots.txt and sitemap.xml. It reads the built web app from WEB_ROOT, so it is useful
// where the function runs beside the files; Caddy cannot send a key, so deploy it with
// verify_jwt = false: supabase functions deploy share-page --no-verify-jwt
import { createClient } from '@supabase/supabase-js';
import { sharePageFunction } from '../../../packages/functions/src/domains/share-page.ts';
import { createEdgeHandler, edgeEnv } from '../../../packages/functions/src/edge.ts';

const url = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!url || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');

const supabase = createClient(url, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

Deno.serve(createEdgeHandler(sharePageFunction, { supabase, env: edgeEnv((name) => Deno.env.get(name)) }));
