// POST /functions/v1/join-class { code, displayName? }: a signed-in person joins the class with
// this join code (issue 19). Tries are rate-limited per signed-in user and per class code, never
// per address (issue 26): a class of 30 behind one school address joins within a minute, and one
// account's wrong codes lock out only that account. A wrong or archived class's code is 404, a
// removed student cannot come back (403), an expired code lets nobody new in (410; the teacher
// sets the expiry and can renew the code at any time).
//
// Guessing: 10 tries per account per 10 minutes is 1,440 a day; the code space is 32^8 ≈ 1.1e12,
// so one account needs about a million years on average to hit one given class (figures in the
// apps/backend README, "Classrooms").
//
// { code, preview: true } (issue 27): anyone, signed in or not, learns the class's and school's
// names for an open code, so the sign-in screen of a join link can say "You are joining …". It is
// the only lookup by code that a signed-out caller has, so it is limited too: per signed-in user
// or, signed out, per address (from trusted proxies only), and per code. 60 previews per address
// per 10 minutes lets a class of 30 behind one school address open the link twice; a guesser gets
// 8,640 codes a day per address, about 174,000 years on average to hit one given class.
import { z } from 'zod';
import { readSmallJsonBody } from '../apps.ts';
import { errorResponse, json, signedInUser } from '../http.ts';
import type { Limiter } from '../limits.ts';
import type { FunctionContext, FunctionHandler } from '../types.ts';
import { loadMembership } from './class-runs.ts';

/** Join-code tries per signed-in user in ten minutes (right or wrong). */
export const JOIN_TRIES = { points: 10, durationSeconds: 600 } as const;
/** Tries of one class code per minute, whoever makes them: a class of 30 joins in one minute. */
export const JOIN_CODE_TRIES = { points: 60, durationSeconds: 60 } as const;
/** Previews (names only) per signed-in user, or per address when signed out, in ten minutes. */
export const JOIN_PREVIEW_TRIES = { points: 60, durationSeconds: 600 } as const;
/** Previews of one class code per minute, whoever makes them. */
export const JOIN_PREVIEW_CODE_TRIES = { points: 120, durationSeconds: 60 } as const;

const JOIN_CODE = /^[A-HJ-NP-Z2-9]{8}$/;

const bodySchema = z.object({
  code: z
    .string({ message: 'code must be text' })
    .max(40)
    .transform((code) => code.replace(/[\s-]+/g, '').toUpperCase())
    .refine((code) => JOIN_CODE.test(code), 'A class code is 8 letters and digits, like 7KQ4MZP2'),
  displayName: z
    .string({ message: 'displayName must be text' })
    .trim()
    .min(1, 'Your name in the class cannot be empty')
    .max(80, 'Your name in the class has at most 80 characters')
    .optional(),
  preview: z.literal(true, { message: 'preview must be true when given' }).optional(),
});

type Decision = { ok: true } | { ok: false; response: Response };

async function takeTries(limits: ReadonlyArray<readonly [Limiter, string, string]>): Promise<Decision> {
  for (const [limiter, key, words] of limits) {
    const decision = await limiter.consume(key);
    if (!decision.ok) {
      return {
        ok: false,
        response: json(
          429,
          { code: 'rate_limited', message: `${words} ${Math.ceil(decision.retryAfterSeconds / 60)} min` },
          { 'retry-after': String(decision.retryAfterSeconds) },
        ),
      };
    }
  }
  return { ok: true };
}

export const joinClassFunction: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const user = signedInUser(ctx);
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw.response;
  const wantsPreview = typeof raw.value === 'object' && raw.value !== null && (raw.value as { preview?: unknown }).preview === true;
  if (!user && !wantsPreview) return errorResponse(401, 'not_authenticated', 'Sign in to join a class');
  const body = bodySchema.safeParse(raw.value);
  if (!body.success) {
    const issue = body.error.issues[0];
    const code = issue?.path[0] === 'displayName' || issue?.path[0] === 'preview' ? 'invalid_body' : 'invalid_code';
    return errorResponse(400, code, issue?.message ?? 'The request is not valid');
  }
  if (body.data.preview) return preview(ctx, user?.id ?? null, body.data.code);
  if (!user) return errorResponse(401, 'not_authenticated', 'Sign in to join a class');

  const taken = await takeTries([
    [ctx.limits.limiter({ name: 'join-code', ...JOIN_TRIES }), `user:${user.id}`, 'Too many tries; try again in'],
    [ctx.limits.limiter({ name: 'join-code-class', ...JOIN_CODE_TRIES }), `code:${body.data.code}`, 'Many people are joining with this code; try again in'],
  ]);
  if (!taken.ok) return taken.response;

  const found = await ctx.supabase
    .from('Class')
    .select('id, name, teacher_id, join_code_expires_at')
    .eq('join_code', body.data.code)
    .is('archived_at', null)
    .maybeSingle<{ id: string; name: string; teacher_id: string; join_code_expires_at: string | null }>();
  if (found.error) throw new Error(`Looking up the class failed: ${found.error.message}`);
  const klass = found.data;
  if (!klass) return errorResponse(404, 'class_not_found', 'There is no open class with this code. Check the code with your teacher.');
  if (klass.teacher_id === user.id) return errorResponse(409, 'own_class', 'You teach this class; students join it with this code.');

  const existing = await loadMembership(ctx.supabase, klass.id, user.id);
  if (existing?.removed_at) return errorResponse(403, 'removed_from_class', 'Your teacher removed you from this class.');
  if (existing) return json(200, { classId: klass.id, className: klass.name, alreadyMember: true });
  // A code past the expiry its teacher set lets nobody new in.
  if (klass.join_code_expires_at !== null && Date.parse(klass.join_code_expires_at) <= Date.now()) {
    return errorResponse(410, 'join_code_expired', 'This class code has expired. Ask your teacher for a new one.');
  }

  let displayName = body.data.displayName;
  if (displayName === undefined) {
    const profile = await ctx.supabase.from('User').select('display_name').eq('id', user.id).maybeSingle<{ display_name: string | null }>();
    displayName = profile.data?.display_name?.trim() || user.email?.split('@')[0] || 'Student';
  }
  const inserted = await ctx.supabase
    .from('ClassMember')
    .insert({ class_id: klass.id, student_id: user.id, display_name: displayName.slice(0, 80) });
  // Two tabs joining at once: the second finds the first's row.
  if (inserted.error && inserted.error.code !== '23505') throw new Error(`Joining the class failed: ${inserted.error.message}`);
  return json(200, { classId: klass.id, className: klass.name, alreadyMember: inserted.error !== null });
};

/** The class's and school's names for an open code: what the sign-in screen of a join link shows. */
async function preview(ctx: FunctionContext, userId: string | null, code: string): Promise<Response> {
  const caller = userId !== null ? `user:${userId}` : `ip:${ctx.clientAddress ?? 'unknown'}`;
  const taken = await takeTries([
    [ctx.limits.limiter({ name: 'join-preview', ...JOIN_PREVIEW_TRIES }), caller, 'Too many class codes looked up; try again in'],
    [ctx.limits.limiter({ name: 'join-preview-code', ...JOIN_PREVIEW_CODE_TRIES }), `code:${code}`, 'Many people are opening this class link; try again in'],
  ]);
  if (!taken.ok) return taken.response;
  const found = await ctx.supabase
    .from('Class')
    .select('name, join_code_expires_at, school:School(name)')
    .eq('join_code', code)
    .is('archived_at', null)
    .maybeSingle<{ name: string; join_code_expires_at: string | null; school: { name: string } | null }>();
  if (found.error) throw new Error(`Looking up the class failed: ${found.error.message}`);
  const klass = found.data;
  if (!klass) return errorResponse(404, 'class_not_found', 'There is no open class with this code. Check the code with your teacher.');
  if (klass.join_code_expires_at !== null && Date.parse(klass.join_code_expires_at) <= Date.now()) {
    return errorResponse(410, 'join_code_expired', 'This class code has expired. Ask your teacher for a new one.');
  }
  return json(200, { className: klass.name, schoolName: klass.school?.name ?? null });
}
