import { errorResponse, json, signedInUser } from './http.ts';
import type { FunctionHandler } from './types.ts';

/** What the signed-in caller is at school: `{ isTeacher, isStudent }` (both false for most people). */
export const getUserSchoolInfo: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'GET' && req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use GET or POST');
  const caller = signedInUser(ctx);
  if (!caller) return errorResponse(401, 'not_authenticated', 'Sign in to see your school roles');
  const memberships = await ctx.supabase
    .from('school_member')
    .select('role')
    .eq('user_id', caller.id)
    .returns<{ role: 'teacher' | 'student' }[]>();
  if (memberships.error) throw new Error(`Reading school memberships failed: ${memberships.error.message}`);
  const roles = new Set(memberships.data.map((membership) => membership.role));
  return json(200, { isTeacher: roles.has('teacher'), isStudent: roles.has('student') });
};
