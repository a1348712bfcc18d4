// The caller's own public."User" row as the backend sends it (validated like any outside input).
import { z } from 'zod';
import type { UserRow } from './types';

export const userStatusSchema = z.enum(['allowed', 'pending', 'blocked']);

export const userRowSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  display_name: z.string().nullable(),
  status: userStatusSchema,
  referral_app_id: z.string().nullable(),
  intercom_hmac: z.string().nullable(),
  plan: z.enum(['free', 'pro']),
  plan_renews_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<UserRow>;

export const USER_COLUMNS =
  'id, email, display_name, status, referral_app_id, intercom_hmac, plan, plan_renews_at, created_at, updated_at';
