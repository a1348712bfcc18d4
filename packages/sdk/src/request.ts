// The request helpers every area of the client shares (internal): who is signed in, a server
// function called with the caller's session, an app icon's public URL. A leaf module: it imports
// no area of the client, so the areas import it without forming a cycle.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { AppforgeError, fromFunctionsError, toAppforgeError } from './errors';
import { APP_ICONS_BUCKET, appIconUrl } from './icon-url';
import type { IconSource } from './icon-url';

export { APP_ICONS_BUCKET };

export async function signedInUserId(supabase: SupabaseClient<Database>): Promise<string> {
  const { data, error } = await supabase.auth.getSession();
  if (error) throw toAppforgeError(error);
  const id = data.session?.user.id;
  if (!id) throw new AppforgeError({ code: 'not_authenticated', message: 'Sign in first.', status: 401 });
  return id;
}

export async function invokeFunction(
  supabase: SupabaseClient<Database>,
  name: string,
  body: Record<string, unknown>,
): Promise<unknown> {
  const result = await supabase.functions.invoke<unknown>(name, { method: 'POST', body });
  // functions-js types the failure's error as any; it is one of its FunctionsError classes.
  const error: unknown = result.error;
  if (error) throw await fromFunctionsError(error);
  return result.data;
}

/** An app icon's public URL (a rendering when the client has image transformations on), or null. */
export function iconUrlOf(icons: IconSource, iconPath: string | null): string | null {
  if (iconPath === null || iconPath === '') return null;
  return appIconUrl(icons.apiUrl, iconPath, icons);
}
