import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Database } from './database.types';
import { AppforgeError, fromPostgrest, toAppforgeError } from './errors';
import { parseResponse } from './rows';
import { USER_COLUMNS, userRowSchema } from './user-row';
import type { FunctionsApi, UsersApi } from './types';

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a display name.')
  .max(100, 'A display name can be at most 100 characters.');

export function createUsersApi(supabase: SupabaseClient<Database>, functions: FunctionsApi): UsersApi {
  async function signedInUserId(): Promise<string> {
    const { data, error } = await supabase.auth.getSession();
    if (error) throw toAppforgeError(error);
    const id = data.session?.user.id;
    if (!id) throw new AppforgeError({ code: 'not_authenticated', message: 'Sign in first.', status: 401 });
    return id;
  }

  // Every call is about the signed-in person; without one, say so (rather than "permission denied").
  const api: UsersApi = {
    async exists() {
      await signedInUserId();
      // Row-level security shows a user only their own row, so no filter is needed (seed §7.1).
      const { data, error, status } = await supabase.from('User').select('id');
      if (error) throw fromPostgrest(error, status);
      return data.length > 0;
    },

    async getIntercomHmac() {
      await signedInUserId();
      const { data, error, status } = await supabase.from('User').select('intercom_hmac').maybeSingle();
      if (error) throw fromPostgrest(error, status);
      return data?.intercom_hmac ?? null;
    },

    async ensure(options = {}) {
      if (!(await api.exists())) {
        const added = await functions.addUser({ referral_app_id: options.referralAppId ?? null });
        return { created: added.created, status: added.user.status };
      }
      const me = await api.getMe();
      if (!me) {
        throw new AppforgeError({ code: 'not_found', message: 'Your account could not be found.', status: 404 });
      }
      return { created: false, status: me.status };
    },

    async getMe() {
      await signedInUserId();
      const { data, error, status } = await supabase.from('User').select(USER_COLUMNS).maybeSingle();
      if (error) throw fromPostgrest(error, status);
      return data === null ? null : parseResponse(userRowSchema, data, 'your account');
    },

    async updateDisplayName(name) {
      const parsed = displayNameSchema.safeParse(name);
      if (!parsed.success) {
        throw new AppforgeError({
          code: 'invalid_display_name',
          message: parsed.error.issues[0]?.message ?? 'Enter a display name.',
          status: 400,
        });
      }
      const id = await signedInUserId();
      const { data, error, status } = await supabase
        .from('User')
        .update({ display_name: parsed.data })
        .eq('id', id)
        .select(USER_COLUMNS)
        .maybeSingle();
      if (error) throw fromPostgrest(error, status);
      if (data === null) {
        throw new AppforgeError({ code: 'not_found', message: 'Your account could not be found.', status: 404 });
      }
      return parseResponse(userRowSchema, data, 'your account');
    },
  };
  return api;
}
