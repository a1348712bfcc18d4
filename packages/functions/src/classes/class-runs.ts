// Class runs (issue 19): who may run an app for a class (a current member, the app assigned
// directly or through a bundle, the assignment open, the class not archived, under the class's
// daily allowance), and the content checks of a class run's student inputs and AI outputs, which
// raise SafetyAlert rows (heard live by the teacher) and, when the teacher wants, an e-mail.
import type { SupabaseClient } from '@supabase/supabase-js';
import { errorResponse, json } from '../http.ts';
import { safetyExcerpt } from '../safety/checker.ts';
import type { ContentChecker, ContentCheckOptions, ContentVerdict, SafetyCategory } from '../safety/types.ts';
import type { FunctionContext } from '../types.ts';

export interface ClassRow {
  id: string;
  teacher_id: string;
  name: string;
  archived_at: string | null;
  runs_per_student_per_day: number;
  checks: ContentCheckOptions;
  alert_email: boolean;
}

export const CLASS_COLUMNS = 'id, teacher_id, name, archived_at, runs_per_student_per_day, checks, alert_email';

/** Reads a class with the service role, or null. */
export async function loadClass(supabase: SupabaseClient, classId: string): Promise<ClassRow | null> {
  const found = await supabase.from('Class').select(CLASS_COLUMNS).eq('id', classId).maybeSingle<ClassRow>();
  if (found.error) throw new Error(`Reading the class failed: ${found.error.message}`);
  return found.data;
}

/** The student's membership row, or null. */
export async function loadMembership(
  supabase: SupabaseClient,
  classId: string,
  studentId: string,
): Promise<{ id: string; display_name: string; removed_at: string | null } | null> {
  const found = await supabase
    .from('ClassMember')
    .select('id, display_name, removed_at')
    .eq('class_id', classId)
    .eq('student_id', studentId)
    .maybeSingle<{ id: string; display_name: string; removed_at: string | null }>();
  if (found.error) throw new Error(`Reading the class membership failed: ${found.error.message}`);
  return found.data;
}

export type ClassAdmission = { ok: true; klass: ClassRow; studentName: string } | { ok: false; response: Response };

function startOfUtcDay(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
}

/**
 * Whether this student may start a run of this app for this class now: a current member, the app
 * assigned and open, under the class's daily allowance. The assignment grants no right to a paid
 * app (issue 26): run-app then admits the run like any other (admit_run with the class), where
 * the teacher's own right to the app (owner or buyer) covers the class.
 */
export async function admitClassRun(
  ctx: FunctionContext,
  request: { classId: string; appId: string; studentId: string; now?: Date },
): Promise<ClassAdmission> {
  const { supabase } = ctx;
  const refuse = (status: number, code: string, message: string, headers?: Record<string, string>): ClassAdmission => ({
    ok: false,
    response: headers ? json(status, { code, message }, headers) : errorResponse(status, code, message),
  });
  const [klass, member] = await Promise.all([loadClass(supabase, request.classId), loadMembership(supabase, request.classId, request.studentId)]);
  if (!klass || !member) return refuse(403, 'not_class_member', 'You are not in this class. Join it with the code from your teacher.');
  if (member.removed_at !== null) return refuse(403, 'not_class_member', 'Your teacher removed you from this class.');
  if (klass.archived_at !== null) return refuse(403, 'class_archived', `${klass.name} is archived; its apps cannot be run any more.`);

  const bundles = await supabase.from('BundleApp').select('bundle_id').eq('app_id', request.appId).returns<{ bundle_id: string }[]>();
  if (bundles.error) throw new Error(`Reading the app's bundles failed: ${bundles.error.message}`);
  const bundleIds = bundles.data.map((row) => row.bundle_id);
  const itemFilter = bundleIds.length > 0 ? `app_id.eq.${request.appId},bundle_id.in.(${bundleIds.join(',')})` : `app_id.eq.${request.appId}`;
  const assignments = await supabase
    .from('Assignment')
    .select('id, opens_at')
    .eq('class_id', klass.id)
    .or(itemFilter)
    .returns<{ id: string; opens_at: string | null }[]>();
  if (assignments.error) throw new Error(`Reading the class's assignments failed: ${assignments.error.message}`);
  if (assignments.data.length === 0) return refuse(403, 'not_assigned', `This app is not assigned in ${klass.name}.`);
  const now = request.now ?? new Date();
  // Late work is allowed (due dates are not enforced); an assignment that has not opened is closed.
  const open = assignments.data.filter((row) => row.opens_at === null || Date.parse(row.opens_at) <= now.getTime());
  if (open.length === 0) {
    const opens = assignments.data.map((row) => row.opens_at ?? '').sort()[0] ?? '';
    return refuse(403, 'assignment_not_open', `This assignment opens on ${opens.slice(0, 16).replace('T', ' ')} UTC.`);
  }

  const today = await supabase
    .from('AppRun')
    .select('id', { count: 'exact', head: true })
    .eq('class_id', klass.id)
    .eq('runner_user_id', request.studentId)
    .gte('created_at', startOfUtcDay(now));
  if (today.error) throw new Error(`Counting today's class runs failed: ${today.error.message}`);
  if ((today.count ?? 0) >= klass.runs_per_student_per_day) {
    const tomorrow = Date.parse(startOfUtcDay(now)) + 86_400_000;
    return refuse(
      429,
      'class_daily_limit',
      `You have used today's ${klass.runs_per_student_per_day} runs in ${klass.name}; try again tomorrow.`,
      { 'retry-after': String(Math.max(1, Math.ceil((tomorrow - now.getTime()) / 1000))) },
    );
  }
  return { ok: true, klass, studentName: member.display_name };
}

/** Text of a run's inputs or an output value, as a person would read it. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter((part) => part !== '').join('\n');
  if (typeof value === 'object') return Object.values(value).map(textOf).filter((part) => part !== '').join('\n');
  return '';
}

export interface ClassRunWatch {
  klass: ClassRow;
  runId: string;
  studentId: string;
  studentName: string;
}

/**
 * Checks one student input or AI output of a class run; a flagged one becomes a SafetyAlert row
 * (and an e-mail to the teacher when the class asks for it). A checker failure is logged and
 * never stops the run.
 */
export async function checkClassContent(
  ctx: FunctionContext,
  checker: ContentChecker,
  watch: ClassRunWatch,
  direction: 'input' | 'output',
  value: unknown,
): Promise<ContentVerdict | null> {
  const text = textOf(value).trim();
  if (text === '') return null;
  let verdict: ContentVerdict;
  try {
    verdict = await checker.check(text, watch.klass.checks);
  } catch (error) {
    ctx.log.error({ run_id: watch.runId, error: error instanceof Error ? error.message : String(error) }, 'content check failed');
    return null;
  }
  if (!verdict.flagged || verdict.categories.length === 0) return verdict;
  const categories = [...new Set<SafetyCategory>(verdict.categories)];
  const inserted = await ctx.supabase.from('SafetyAlert').insert({
    class_id: watch.klass.id,
    run_id: watch.runId,
    student_id: watch.studentId,
    direction,
    categories,
    excerpt: safetyExcerpt(text, verdict),
    source: verdict.source === 'moderation_api' ? 'moderation_api' : 'local',
  });
  if (inserted.error) {
    ctx.log.error({ run_id: watch.runId, error: inserted.error.message }, 'saving a safety alert failed');
    return verdict;
  }
  if (watch.klass.alert_email) await mailTeacher(ctx, watch, direction, categories);
  return verdict;
}

const CATEGORY_LABELS: Record<SafetyCategory, string> = {
  profanity: 'profanity',
  self_harm: 'self-harm',
  violence: 'violence',
  personal_data: 'personal data',
  moderation: 'flagged by the moderation service',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The alert e-mail: who, what kind, and a link; the flagged text itself stays in the portal. */
async function mailTeacher(ctx: FunctionContext, watch: ClassRunWatch, direction: 'input' | 'output', categories: SafetyCategory[]): Promise<void> {
  if (!ctx.mailer) return;
  try {
    const teacher = await ctx.supabase.auth.admin.getUserById(watch.klass.teacher_id);
    const to = teacher.data.user?.email;
    if (!to) return;
    const site = (ctx.env.payments?.siteUrl ?? '').replace(/\/+$/, '');
    const link = `${site}/teacher-portal/class/${watch.klass.id}`;
    const what = categories.map((category) => CATEGORY_LABELS[category]).join(', ');
    const where = direction === 'input' ? 'wrote something' : 'received an AI answer';
    const subject = `Safety alert in ${watch.klass.name}`;
    const text = `${watch.studentName} ${where} that was flagged for ${what} in ${watch.klass.name}.\n\nSee the exchange and acknowledge the alert: ${link}\n`;
    const html = `<p>${escapeHtml(watch.studentName)} ${where} that was flagged for <strong>${escapeHtml(what)}</strong> in ${escapeHtml(watch.klass.name)}.</p><p><a href="${escapeHtml(link)}">See the exchange and acknowledge the alert</a></p>`;
    await ctx.mailer.send({ to, subject, text, html, tag: 'safety-alert' });
  } catch (error) {
    ctx.log.error({ run_id: watch.runId, error: error instanceof Error ? error.message : String(error) }, 'the safety alert e-mail failed');
  }
}
