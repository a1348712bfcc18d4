import type { SupabaseClient } from '@supabase/supabase-js';
import type { IconSource } from './icon-url';
import { iconUrlOf } from './request';
import type { Database } from './database.types';
import { AppforgeError, fromPostgrest } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that cannot exist is answered without a request, like one that does not exist. */
function notFound(what: 'App' | 'Bundle', id: string): AppforgeError {
  return new AppforgeError({
    code: 'not_found',
    message: `${what === 'App' ? 'This app' : 'This bundle'} was not found or is not public.`,
    status: 404,
    cause: { id },
  });
}

async function nameOf(supabase: SupabaseClient<Database>, table: 'App' | 'Bundle', id: string): Promise<string> {
  if (!UUID.test(id)) throw notFound(table, id);
  // seed §7.1: select name from App/Bundle where id equals the given id, single row.
  const { data, error, status } = await supabase.from(table).select('name').eq('id', id).single();
  if (error) {
    const normalised = fromPostgrest(error, status);
    if (normalised.code !== 'not_found') throw normalised;
    // A deployed app for signed-in people is hidden from signed-out visitors; its name is not.
    if (table === 'App') return signInName(supabase, id);
    throw notFound(table, id);
  }
  return data.name;
}

async function signInName(supabase: SupabaseClient<Database>, appId: string): Promise<string> {
  const { data, error, status } = await supabase.rpc('app_sign_in_name', { app_id: appId });
  if (error) throw fromPostgrest(error, status);
  if (typeof data !== 'string') throw notFound('App', appId);
  return data;
}

/** sign_in_icon: what the sign-in page may show of an app or bundle it brands; null for none. */
async function signInIcon(
  supabase: SupabaseClient<Database>,
  icons: IconSource,
  kind: 'app' | 'bundle',
  id: string,
): Promise<string | null> {
  if (!UUID.test(id)) return null;
  const { data, error, status } = await supabase.rpc('sign_in_icon', { item_kind: kind, item_id: id });
  if (error) throw fromPostgrest(error, status);
  return typeof data === 'string' ? iconUrlOf(icons, data) : null;
}

/** What the sign-in page asks of an app or a bundle it brands (AppsApi and BundlesApi offer both). */
export interface NameApi {
  getName: (id: string) => Promise<string>;
  /** The icon's public URL for the branded sign-in, or null when it has none. */
  getSignInIcon: (id: string) => Promise<string | null>;
}

export function createAppsApi(supabase: SupabaseClient<Database>, icons: IconSource): NameApi {
  return { getName: (appId) => nameOf(supabase, 'App', appId), getSignInIcon: (appId) => signInIcon(supabase, icons, 'app', appId) };
}

export function createBundlesApi(supabase: SupabaseClient<Database>, icons: IconSource): NameApi {
  return {
    getName: (bundleId) => nameOf(supabase, 'Bundle', bundleId),
    getSignInIcon: (bundleId) => signInIcon(supabase, icons, 'bundle', bundleId),
  };
}
