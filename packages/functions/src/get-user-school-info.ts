import { errorResponse, json, signedInUser } from './http.ts';
import type { FunctionContext, FunctionHandler } from './types.ts';

/**
 * Who is a teacher (issue 19; apps/backend/README.md "Classrooms"): listed by an operator (a
 * SchoolTeacher row for the user's id or e-mail, or the legacy school_member role), an e-mail
 * domain of a School row or of TEACHER_EMAIL_DOMAINS, or already teaching a class. A student is
 * anyone in a class who was not removed (or the legacy role).
 */
export async function schoolRoles(ctx: FunctionContext, user: { id: string; email: string | null }): Promise<{ isTeacher: boolean; isStudent: boolean }> {
  const email = user.email?.trim().toLowerCase() ?? null;
  const domain = email?.split('@')[1] ?? null;
  const [memberships, listed, schools, taught, joined] = await Promise.all([
    ctx.supabase.from('school_member').select('role').eq('user_id', user.id).returns<{ role: 'teacher' | 'student' }[]>(),
    ctx.supabase
      .from('SchoolTeacher')
      .select('id')
      .or(email && /^[^,()"\s]+$/.test(email) ? `user_id.eq.${user.id},email.eq.${email}` : `user_id.eq.${user.id}`)
      .limit(1),
    domain && /^[a-z0-9.-]+$/.test(domain)
      ? ctx.supabase.from('School').select('id').contains('email_domains', [domain]).limit(1)
      : Promise.resolve({ data: [], error: null }),
    ctx.supabase.from('Class').select('id').eq('teacher_id', user.id).limit(1),
    ctx.supabase.from('ClassMember').select('id').eq('student_id', user.id).is('removed_at', null).limit(1),
  ]);
  for (const answer of [memberships, listed, schools, taught, joined]) {
    if (answer.error) throw new Error(`Reading school roles failed: ${answer.error.message}`);
  }
  const roles = new Set((memberships.data ?? []).map((membership) => membership.role));
  const envDomain = domain !== null && (ctx.env.teacherEmailDomains ?? []).includes(domain);
  const isTeacher = roles.has('teacher') || (listed.data ?? []).length > 0 || (schools.data ?? []).length > 0 || (taught.data ?? []).length > 0 || envDomain;
  // TEACHER_EMAIL_DOMAINS lives in the server's environment, which SQL cannot read: record such a
  // teacher so that public.is_teacher() (the Class insert rule) agrees with this answer.
  if (envDomain && (listed.data ?? []).length === 0 && !roles.has('teacher')) {
    const recorded = await ctx.supabase.from('SchoolTeacher').insert({ user_id: user.id });
    if (recorded.error && recorded.error.code !== '23505') throw new Error(`Recording the teacher failed: ${recorded.error.message}`);
  }
  return { isTeacher, isStudent: roles.has('student') || (joined.data ?? []).length > 0 };
}

/** What the signed-in caller is at school: `{ isTeacher, isStudent }` (both false for most people). */
export const getUserSchoolInfo: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'GET' && req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use GET or POST');
  const caller = signedInUser(ctx);
  if (!caller) return errorResponse(401, 'not_authenticated', 'Sign in to see your school roles');
  return json(200, await schoolRoles(ctx, caller));
};
