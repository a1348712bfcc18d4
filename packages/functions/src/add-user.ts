import { z } from 'zod';
import { accessStatus, allowListKeys, intercomHmac } from './access.ts';
import { errorResponse, json, readJsonBody, signedInUser } from './http.ts';
import type { FunctionHandler } from './types.ts';

const bodySchema = z.object({
  referral_app_id: z.uuid({ message: 'referral_app_id must be a UUID' }).nullable().optional(),
});

/** The public."User" row as the caller may see it. */
export interface UserRow {
  id: string;
  email: string | null;
  display_name: string | null;
  status: 'allowed' | 'pending' | 'blocked';
  referral_app_id: string | null;
  intercom_hmac: string | null;
  plan: 'free' | 'pro';
  plan_renews_at: string | null;
  created_at: string;
  updated_at: string;
}

const USER_COLUMNS =
  'id, email, display_name, status, referral_app_id, intercom_hmac, plan, plan_renews_at, created_at, updated_at';

/**
 * POST /functions/v1/add-user `{ referral_app_id? }`: creates the caller's User row on first
 * sign-in (status from ACCESS_POLICY) and returns it. Safe to call any number of times at once:
 * the insert ignores a row that already exists, and the row is read back.
 */
export const addUser: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const caller = signedInUser(ctx);
  if (!caller) return errorResponse(401, 'not_authenticated', 'Sign in before creating your account');

  const raw = await readJsonBody(req);
  if (!raw.ok) return raw.response;
  const body = bodySchema.safeParse(raw.value);
  if (!body.success) {
    return errorResponse(400, 'invalid_body', body.error.issues.map((issue) => issue.message).join('; '));
  }

  const email = caller.email?.toLowerCase() ?? null;
  let listedInTable = false;
  const keys = allowListKeys(email);
  if (ctx.env.accessPolicy === 'invite' && keys.length > 0) {
    const listed = await ctx.supabase.from('access_allow_list').select('entry').in('entry', keys);
    if (listed.error) throw new Error(`Reading the allow list failed: ${listed.error.message}`);
    listedInTable = listed.data.length > 0;
  }

  const row = {
    id: caller.id,
    email,
    status: accessStatus(ctx.env, email, listedInTable),
    referral_app_id: body.data.referral_app_id ?? null,
    intercom_hmac: ctx.env.intercomSecret ? await intercomHmac(ctx.env.intercomSecret, caller.id) : null,
  };
  const inserted = await ctx.supabase
    .from('User')
    .upsert(row, { onConflict: 'id', ignoreDuplicates: true })
    .select(USER_COLUMNS)
    .returns<UserRow[]>();
  if (inserted.error) throw new Error(`Creating the User row failed: ${inserted.error.message}`);
  const created = inserted.data[0];
  if (created) {
    ctx.log.info({ user_id: caller.id, status: created.status }, 'user created');
    return json(200, { user: created, created: true });
  }
  const existing = await ctx.supabase.from('User').select(USER_COLUMNS).eq('id', caller.id).single<UserRow>();
  if (existing.error) throw new Error(`Reading the User row failed: ${existing.error.message}`);
  return json(200, { user: existing.data, created: false });
};
