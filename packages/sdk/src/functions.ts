import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Database } from './database.types';
import { fromFunctionsError } from './errors';
import { parseResponse } from './rows';
import { userRowSchema } from './user-row';
import type { FunctionsApi } from './types';

const addUserResponse = z.object({ created: z.boolean(), user: userRowSchema });
const schoolInfoResponse = z.object({ isTeacher: z.boolean(), isStudent: z.boolean() });
const handOverResponse = z.object({ url: z.string().url(), host: z.string().min(1) });

export function createFunctionsApi(supabase: SupabaseClient<Database>): FunctionsApi {
  async function invoke(name: string, body?: Record<string, unknown>): Promise<unknown> {
    const result = await supabase.functions.invoke<unknown>(name, {
      method: 'POST',
      ...(body === undefined ? {} : { body }),
    });
    // functions-js types the failure's error as any; it is one of its FunctionsError classes.
    const error: unknown = result.error;
    if (error) throw await fromFunctionsError(error);
    return result.data;
  }

  return {
    async addUser(body) {
      const data = await invoke('add-user', { referral_app_id: body.referral_app_id ?? null });
      return parseResponse(addUserResponse, data, 'add-user');
    },
    async getUserSchoolInfo() {
      return parseResponse(schoolInfoResponse, await invoke('get-user-school-info'), 'get-user-school-info');
    },
    async deleteAccount() {
      await invoke('delete-account');
    },
    async handOver(to) {
      return parseResponse(handOverResponse, await invoke('hand-over', { to }), 'hand-over');
    },
  };
}
