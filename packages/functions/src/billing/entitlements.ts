// THE entitlement and metering seam: every way of running an app (run-app, the public API of #16,
// MCP) asks admitRun before it starts a run, and recordRunUsage after it. One SQL call
// (public.admit_run) decides who may run and takes one run from every counter atomically, so two
// hundred concurrent runs against a cap of N admit exactly N.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { FunctionContext } from '../types.ts';

/**
 * Who is running: a signed-in user, a signed-out visitor (by their address, as the host resolved
 * it from trusted proxies only: issue 26), or an API key.
 */
export type Runner =
  | { kind: 'user'; userId: string }
  | { kind: 'visitor'; address: string }
  | { kind: 'api_key'; apiKeyId: string; /** the key's owner: entitlements are theirs */ userId: string }
  /** Issue 30: the owner running their app's tests, counted apart from their own and visitors' runs. */
  | { kind: 'test'; userId: string };

export interface AdmissionRequest {
  appId: string;
  runner: Runner;
  /** 'api' also counts one API call against the owner's plan. */
  channel: 'run' | 'api';
  /**
   * Issue 26: a class run. The class's teacher's right (owner or buyer) covers a student who has
   * none of their own; the owner's plan and caps apply as to any run.
   */
  classId?: string;
}

export type Entitlement = 'owner' | 'allowed' | 'purchase' | 'free' | 'class';

export type Admission =
  | { ok: true; entitlement: Entitlement; ownerId: string }
  | {
      ok: false;
      code: 'app_not_found' | 'payment_required' | 'not_allowed' | 'cap_reached' | 'plan_limit_reached' | 'invalid_runner' | 'sign_in_required';
      /** What the person running sees. */
      message: string;
      /** The HTTP status to answer with. */
      status: number;
      /** True the first time this cap is reached this period: tell the owner. */
      notifyOwner: boolean;
      ownerId: string | null;
    };

const STATUS: Record<Extract<Admission, { ok: false }>['code'], number> = {
  app_not_found: 404,
  payment_required: 402,
  not_allowed: 403,
  cap_reached: 429,
  plan_limit_reached: 429,
  invalid_runner: 400,
  // Issue 26: the app's budget of runs without sign-in (or this address's share) is used up.
  sign_in_required: 401,
};

const answerSchema = z.union([
  z.object({ ok: z.literal(true), entitlement: z.enum(['owner', 'allowed', 'purchase', 'free', 'class']), owner_id: z.string() }),
  z.object({
    ok: z.literal(false),
    code: z.enum(['app_not_found', 'payment_required', 'not_allowed', 'cap_reached', 'plan_limit_reached', 'invalid_runner', 'sign_in_required']),
    message: z.string(),
    notify_owner: z.boolean().optional(),
    owner_id: z.string().optional(),
  }),
]);

/** The counter key of a runner: per person caps count this. */
export function runnerKey(runner: Runner): string {
  switch (runner.kind) {
    case 'user':
      return `user:${runner.userId}`;
    case 'visitor':
      return `ip:${runner.address}`;
    case 'api_key':
      return `key:${runner.apiKeyId}`;
    case 'test':
      return `test:${runner.userId}`;
  }
}

/** Entitlement + metering for one new run (not for continuing one: that was admitted already). */
export async function admitRun(supabase: SupabaseClient, request: AdmissionRequest): Promise<Admission> {
  const userId = request.runner.kind === 'visitor' ? null : request.runner.userId;
  const answered = await supabase.rpc('admit_run', {
    app_id: request.appId,
    user_id: userId,
    runner: runnerKey(request.runner),
    channel: request.channel,
    ...(request.classId !== undefined ? { class_id: request.classId } : {}),
  });
  const error = answered.error;
  const data: unknown = answered.data;
  if (error) throw new Error(`Checking access to the app failed: ${error.message}`);
  const answer = answerSchema.parse(data);
  if (answer.ok) return { ok: true, entitlement: answer.entitlement, ownerId: answer.owner_id };
  return {
    ok: false,
    code: answer.code,
    message: answer.message,
    status: STATUS[answer.code],
    notifyOwner: answer.notify_owner ?? false,
    ownerId: answer.owner_id ?? null,
  };
}

/** AI tokens of a finished run, added to the owner's and the app's counters (never refused). */
export async function recordRunUsage(supabase: SupabaseClient, appId: string, tokens: number): Promise<void> {
  if (!(tokens > 0)) return;
  const { error } = await supabase.rpc('meter_add', { app_id: appId, metric: 'ai_tokens', amount: Math.round(tokens) });
  if (error) throw new Error(`Recording the run's usage failed: ${error.message}`);
}

/**
 * Tells the owner, once per cap and period (admitRun says when), that a limit was reached: by
 * e-mail through the host's mailer when there is one; the notice is on their /user-plan anyway.
 */
export async function notifyOwnerOnce(ctx: FunctionContext, admission: Admission, appName: string): Promise<void> {
  if (admission.ok || !admission.notifyOwner || !admission.ownerId || !ctx.mailer) return;
  const owner = await ctx.supabase.auth.admin.getUserById(admission.ownerId);
  const to = owner.data.user?.email;
  if (!to) return;
  const text = `People could not run ${appName}: ${admission.message}\n\nSee your usage and limits on your Plan page.`;
  try {
    await ctx.mailer.send({ to, subject: `${appName} reached a run limit`, text, html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`, tag: 'cap_reached' });
  } catch (error) {
    ctx.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'cap notice e-mail not sent');
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
