// Classrooms (issue 19): a teacher's classes, roster, assignments, class runs and safety alerts
// (read and changed through REST under row-level security), a student's classes (the
// my_classes() RPC), joining (join-class) and the CSV export (class-export). What a person may
// see is the database's decision; the SDK validates input before sending it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { invalidInput, requireUuid, UUID_PATTERN } from './app-rows';
import { invokeFunction, signedInUserId } from './request';
import type { Database } from './database.types';
import { AppforgeError, fromPostgrest, isAppforgeError } from './errors';
import { JOIN_CODE_PATTERN, normaliseJoinCode } from './join-code';
import type { ClassJoinPreview } from './join-code';
import { parseResponse } from './rows';

export const SAFETY_CATEGORIES = ['profanity', 'self_harm', 'violence', 'personal_data', 'moderation'] as const;
export type SafetyCategory = (typeof SAFETY_CATEGORIES)[number];

export const classChecksSchema = z.strictObject({
  profanity: z.boolean(),
  self_harm: z.boolean(),
  violence: z.boolean(),
  personal_data: z.boolean(),
  moderation_api: z.boolean(),
});
export type ClassChecks = z.output<typeof classChecksSchema>;

export const DEFAULT_CLASS_CHECKS: Readonly<ClassChecks> = Object.freeze({
  profanity: true,
  self_harm: true,
  violence: true,
  personal_data: true,
  moderation_api: true,
});

const classRowSchema = z.object({
  id: z.string(),
  teacher_id: z.string(),
  school_id: z.string().nullable(),
  name: z.string(),
  subject: z.string().nullable(),
  grade: z.string().nullable(),
  join_code: z.string(),
  /** When the join code stops letting new students in; null: it does not expire. */
  join_code_expires_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  runs_per_student_per_day: z.number(),
  checks: classChecksSchema.partial().transform((checks) => ({ ...DEFAULT_CLASS_CHECKS, ...checks })),
  alert_email: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** A teacher's class, as its teacher sees it. */
export type ClassRow = z.output<typeof classRowSchema>;
const CLASS_COLUMNS =
  'id, teacher_id, school_id, name, subject, grade, join_code, join_code_expires_at, archived_at, runs_per_student_per_day, checks, alert_email, created_at, updated_at';

const memberRowSchema = z.object({
  id: z.string(),
  class_id: z.string(),
  student_id: z.string(),
  display_name: z.string(),
  joined_at: z.string(),
  removed_at: z.string().nullable(),
});
/** A student in a class (the teacher sees the roster; a student only their own row). */
export type ClassMemberRow = z.output<typeof memberRowSchema>;
const MEMBER_COLUMNS = 'id, class_id, student_id, display_name, joined_at, removed_at';

const assignmentRowSchema = z.object({
  id: z.string(),
  class_id: z.string(),
  app_id: z.string().nullable(),
  bundle_id: z.string().nullable(),
  instructions: z.string(),
  opens_at: z.string().nullable(),
  due_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** An app or bundle given to a class; item_name is the app's or bundle's name (null when unreadable). */
export type AssignmentRow = z.output<typeof assignmentRowSchema> & { item_name: string | null };
const ASSIGNMENT_COLUMNS = 'id, class_id, app_id, bundle_id, instructions, opens_at, due_at, created_at, updated_at';

const alertRowSchema = z.object({
  id: z.string(),
  class_id: z.string(),
  run_id: z.string(),
  student_id: z.string(),
  direction: z.enum(['input', 'output']),
  categories: z.array(z.enum(SAFETY_CATEGORIES)),
  excerpt: z.string(),
  source: z.enum(['local', 'moderation_api']),
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
});
/** A flagged student input or AI output of a class run; student_name from the roster. */
export type SafetyAlertRow = z.output<typeof alertRowSchema> & { student_name: string | null };
const ALERT_COLUMNS = 'id, class_id, run_id, student_id, direction, categories, excerpt, source, created_at, acknowledged_at';

const runRowSchema = z.object({
  id: z.string(),
  app_id: z.string(),
  class_id: z.string().nullable(),
  runner_user_id: z.string().nullable(),
  status: z.enum(['running', 'awaiting_input', 'done', 'failed']),
  inputs: z.record(z.string(), z.unknown()),
  outputs: z.unknown(),
  error: z.looseObject({ code: z.string(), message: z.string() }).nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  updated_at: z.string(),
});
const RUN_COLUMNS = 'id, app_id, class_id, runner_user_id, status, inputs, outputs, error, started_at, finished_at, updated_at';

const stepRowSchema = z.object({
  run_id: z.string(),
  step_id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  output: z.unknown(),
  started_at: z.string(),
});

/** One finished step of a class run: what the app produced so far (the live view streams these). */
export interface ClassRunStep {
  step_id: string;
  status: 'running' | 'done' | 'failed';
  output: unknown;
  started_at: string;
}

/** A run of a class, for its teacher: who ran which app, with what, and what came out. */
export interface ClassRunRow {
  id: string;
  class_id: string;
  app_id: string;
  app_name: string | null;
  student_id: string;
  student_name: string | null;
  status: 'running' | 'awaiting_input' | 'done' | 'failed';
  inputs: Record<string, unknown>;
  outputs: unknown;
  error: { code: string; message: string } | null;
  started_at: string;
  finished_at: string | null;
  updated_at: string;
  steps: ClassRunStep[];
}

const myAssignmentSchema = z.object({
  id: z.string(),
  app_id: z.string().nullable(),
  bundle_id: z.string().nullable(),
  item_name: z.string().nullable(),
  instructions: z.string(),
  opens_at: z.string().nullable(),
  due_at: z.string().nullable(),
  created_at: z.string(),
});
const myClassSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string().nullable(),
  grade: z.string().nullable(),
  archived: z.boolean(),
  display_name: z.string(),
  joined_at: z.string(),
  assignments: z.array(myAssignmentSchema),
});
/** A class the signed-in student belongs to, with its assignments (nothing about classmates). */
export type MyClass = z.output<typeof myClassSchema>;
export type MyAssignment = z.output<typeof myAssignmentSchema>;

const joinedSchema = z.object({ classId: z.string(), className: z.string(), alreadyMember: z.boolean() });
const joinPreviewSchema = z.object({ className: z.string(), schoolName: z.string().nullable() }) satisfies z.ZodType<ClassJoinPreview, unknown>;
export type JoinedClass = z.output<typeof joinedSchema>;

export { JOIN_CODE_PATTERN, normaliseJoinCode } from './join-code';
export type { ClassJoinPreview } from './join-code';

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} has at most ${max} characters.`)
    .transform((value) => (value === '' ? null : value))
    .nullable();

const className = z.string().trim().min(1, 'Give the class a name.').max(120, 'A class name has at most 120 characters.');
const isoDate = z.iso.datetime({ offset: true, message: 'Dates are ISO date-times.' }).nullable();

export const createClassSchema = z.strictObject({
  name: className,
  subject: optionalText(120, 'The subject').optional(),
  grade: optionalText(40, 'The grade').optional(),
});
export type CreateClassInput = z.input<typeof createClassSchema>;

export const classPatchSchema = z.strictObject({
  name: className.optional(),
  subject: optionalText(120, 'The subject').optional(),
  grade: optionalText(40, 'The grade').optional(),
  /** true archives (no new joins or runs), false unarchives. */
  archived: z.boolean().optional(),
  runs_per_student_per_day: z
    .number()
    .int('Runs per day is a whole number.')
    .min(1, 'Allow at least 1 run per day.')
    .max(10000, 'At most 10000 runs per day.')
    .optional(),
  checks: classChecksSchema.partial().optional(),
  alert_email: z.boolean().optional(),
  /** When the join code stops letting new students in (null: never). */
  join_code_expires_at: isoDate.optional(),
});
export type ClassPatch = z.input<typeof classPatchSchema>;

export const displayNameInClassSchema = z.string().trim().min(1, 'Enter a name.').max(80, 'A name has at most 80 characters.');

const assignmentFields = {
  instructions: z.string().max(4000, 'Instructions have at most 4000 characters.').optional(),
  opens_at: isoDate.optional(),
  due_at: isoDate.optional(),
};
export const createAssignmentSchema = z
  .strictObject({
    class_id: z.string().regex(UUID_PATTERN, 'The class is not a valid id.'),
    app_id: z.string().regex(UUID_PATTERN, 'The app is not a valid id.').optional(),
    bundle_id: z.string().regex(UUID_PATTERN, 'The bundle is not a valid id.').optional(),
    ...assignmentFields,
  })
  .refine((value) => (value.app_id === undefined) !== (value.bundle_id === undefined), 'Assign one app or one bundle.')
  .refine((value) => !value.opens_at || !value.due_at || Date.parse(value.due_at) >= Date.parse(value.opens_at), 'The due date is before the opening date.');
export type CreateAssignmentInput = z.input<typeof createAssignmentSchema>;

export const assignmentPatchSchema = z
  .strictObject(assignmentFields)
  .refine((value) => !value.opens_at || !value.due_at || Date.parse(value.due_at) >= Date.parse(value.opens_at), 'The due date is before the opening date.');
export type AssignmentPatch = z.input<typeof assignmentPatchSchema>;

/** What a teacher may assign: their own apps and bundles, and public ones. */
export interface AssignableItem {
  kind: 'app' | 'bundle';
  id: string;
  name: string;
  own: boolean;
}

export interface ClassesApi {
  /**
   * The class's and school's names for an open join code, for anyone signed in or not (the
   * sign-in screen of a join link says "You are joining …"); null for a malformed, unknown,
   * archived or expired code. Limited per caller and per code like joining: a refusal (429)
   * throws.
   */
  joinPreview(code: string): Promise<ClassJoinPreview | null>;
  // Teacher
  listMine(): Promise<ClassRow[]>;
  get(classId: string): Promise<ClassRow>;
  create(input: CreateClassInput): Promise<ClassRow>;
  update(classId: string, patch: ClassPatch): Promise<ClassRow>;
  remove(classId: string): Promise<void>;
  /** A new join code: the old one stops working at once; the expiry is cleared unless given. */
  regenerateJoinCode(classId: string, expiresAt?: string | null): Promise<ClassRow>;
  members(classId: string): Promise<ClassMemberRow[]>;
  renameMember(memberId: string, displayName: string): Promise<ClassMemberRow>;
  /** Removes a student (they cannot re-join; their runs stay for the teacher). */
  removeMember(memberId: string): Promise<ClassMemberRow>;
  assignments(classId: string): Promise<AssignmentRow[]>;
  createAssignment(input: CreateAssignmentInput): Promise<AssignmentRow>;
  updateAssignment(assignmentId: string, patch: AssignmentPatch): Promise<AssignmentRow>;
  deleteAssignment(assignmentId: string): Promise<void>;
  assignableItems(): Promise<AssignableItem[]>;
  /** The class's runs, newest first (at most 200), optionally of one student. */
  runs(classId: string, options?: { studentId?: string }): Promise<ClassRunRow[]>;
  alerts(classId: string): Promise<SafetyAlertRow[]>;
  acknowledgeAlert(alertId: string): Promise<SafetyAlertRow>;
  /** The class's runs as CSV text (class-export). */
  exportRuns(classId: string): Promise<string>;
  // Student
  myClasses(): Promise<MyClass[]>;
  join(input: { code: string; displayName?: string }): Promise<JoinedClass>;
  leave(classId: string): Promise<void>;
}

export function classNotFound(cause?: unknown): AppforgeError {
  return new AppforgeError({ code: 'not_found', message: 'This class was not found.', status: 404, cause });
}

function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'The input is not valid.', parsed.error.issues);
  return parsed.data;
}

const MAX_RUNS = 200;

export function createClassesApi(supabase: SupabaseClient<Database>): ClassesApi {
  async function get(classId: string): Promise<ClassRow> {
    if (!UUID_PATTERN.test(classId)) throw classNotFound({ classId });
    const { data, error, status } = await supabase.from('Class').select(CLASS_COLUMNS).eq('id', classId).maybeSingle();
    if (error) throw fromPostgrest(error, status);
    if (data === null) throw classNotFound({ classId });
    return parseResponse(classRowSchema, data, 'the class');
  }

  /** Names of apps and bundles by id, as far as the caller may read them. */
  async function itemNames(appIds: string[], bundleIds: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    if (appIds.length > 0) {
      const apps = await supabase.from('App').select('id, name').in('id', [...new Set(appIds)]);
      if (apps.error) throw fromPostgrest(apps.error, apps.status);
      for (const app of apps.data) names.set(app.id, app.name);
    }
    if (bundleIds.length > 0) {
      const bundles = await supabase.from('Bundle').select('id, name').in('id', [...new Set(bundleIds)]);
      if (bundles.error) throw fromPostgrest(bundles.error, bundles.status);
      for (const bundle of bundles.data) names.set(bundle.id, bundle.name);
    }
    return names;
  }

  async function withNames(rows: z.output<typeof assignmentRowSchema>[]): Promise<AssignmentRow[]> {
    const names = await itemNames(
      rows.flatMap((row) => (row.app_id ? [row.app_id] : [])),
      rows.flatMap((row) => (row.bundle_id ? [row.bundle_id] : [])),
    );
    return rows.map((row) => ({ ...row, item_name: names.get(row.app_id ?? row.bundle_id ?? '') ?? null }));
  }

  async function rosterNames(classId: string): Promise<Map<string, string>> {
    const { data, error, status } = await supabase.from('ClassMember').select('student_id, display_name').eq('class_id', classId);
    if (error) throw fromPostgrest(error, status);
    return new Map(data.map((row) => [row.student_id, row.display_name]));
  }

  async function updateMember(memberId: string, patch: { display_name?: string; removed_at?: string }): Promise<ClassMemberRow> {
    requireUuid(memberId, 'The student');
    const { data, error, status } = await supabase.from('ClassMember').update(patch).eq('id', memberId).select(MEMBER_COLUMNS).maybeSingle();
    if (error) throw fromPostgrest(error, status);
    if (data === null) throw new AppforgeError({ code: 'not_found', message: 'This student is not in your class.', status: 404 });
    return parseResponse(memberRowSchema, data, 'the student');
  }

  return {
    async listMine() {
      const teacherId = await signedInUserId(supabase);
      const { data, error, status } = await supabase
        .from('Class')
        .select(CLASS_COLUMNS)
        .eq('teacher_id', teacherId)
        .order('created_at', { ascending: false });
      if (error) throw fromPostgrest(error, status);
      return parseResponse(z.array(classRowSchema), data, 'your classes');
    },
    get,
    async create(input) {
      const fields = parseInput(createClassSchema, input);
      const { data, error, status } = await supabase.from('Class').insert(fields).select(CLASS_COLUMNS).single();
      if (error) throw fromPostgrest(error, status);
      return parseResponse(classRowSchema, data, 'the class');
    },
    async update(classId, patch) {
      const current = await get(classId);
      const { archived, checks, ...rest } = parseInput(classPatchSchema, patch);
      const row = {
        ...rest,
        ...(checks ? { checks: { ...current.checks, ...checks } } : {}),
        ...(archived === undefined ? {} : { archived_at: archived ? (current.archived_at ?? new Date().toISOString()) : null }),
      };
      const { data, error, status } = await supabase.from('Class').update(row).eq('id', classId).select(CLASS_COLUMNS).maybeSingle();
      if (error) throw fromPostgrest(error, status);
      if (data === null) throw classNotFound({ classId });
      return parseResponse(classRowSchema, data, 'the class');
    },
    async remove(classId) {
      if (!UUID_PATTERN.test(classId)) throw classNotFound({ classId });
      const { data, error, status } = await supabase.from('Class').delete().eq('id', classId).select('id');
      if (error) throw fromPostgrest(error, status);
      if (data.length === 0) throw classNotFound({ classId });
    },
    async regenerateJoinCode(classId, expiresAt = null) {
      if (!UUID_PATTERN.test(classId)) throw classNotFound({ classId });
      const expires_at = parseInput(isoDate, expiresAt);
      const { error, status } = await supabase.rpc('regenerate_class_join_code', { class_id: classId, ...(expires_at ? { expires_at } : {}) });
      if (error) throw error.code === '42501' ? classNotFound({ classId, cause: error }) : fromPostgrest(error, status);
      return get(classId);
    },
    async members(classId) {
      requireUuid(classId, 'The class');
      const { data, error, status } = await supabase
        .from('ClassMember')
        .select(MEMBER_COLUMNS)
        .eq('class_id', classId)
        .order('display_name', { ascending: true });
      if (error) throw fromPostgrest(error, status);
      return parseResponse(z.array(memberRowSchema), data, 'the roster');
    },
    renameMember: (memberId, displayName) => updateMember(memberId, { display_name: parseInput(displayNameInClassSchema, displayName) }),
    removeMember: (memberId) => updateMember(memberId, { removed_at: new Date().toISOString() }),
    async assignments(classId) {
      requireUuid(classId, 'The class');
      const { data, error, status } = await supabase
        .from('Assignment')
        .select(ASSIGNMENT_COLUMNS)
        .eq('class_id', classId)
        .order('created_at', { ascending: true });
      if (error) throw fromPostgrest(error, status);
      return withNames(parseResponse(z.array(assignmentRowSchema), data, 'the assignments'));
    },
    async createAssignment(input) {
      const fields = parseInput(createAssignmentSchema, input);
      const { data, error, status } = await supabase.from('Assignment').insert(fields).select(ASSIGNMENT_COLUMNS).single();
      if (error) throw fromPostgrest(error, status);
      const [row] = await withNames([parseResponse(assignmentRowSchema, data, 'the assignment')]);
      if (!row) throw classNotFound();
      return row;
    },
    async updateAssignment(assignmentId, patch) {
      requireUuid(assignmentId, 'The assignment');
      const fields = parseInput(assignmentPatchSchema, patch);
      const { data, error, status } = await supabase.from('Assignment').update(fields).eq('id', assignmentId).select(ASSIGNMENT_COLUMNS).maybeSingle();
      if (error) throw fromPostgrest(error, status);
      if (data === null) throw new AppforgeError({ code: 'not_found', message: 'This assignment was not found.', status: 404 });
      const [row] = await withNames([parseResponse(assignmentRowSchema, data, 'the assignment')]);
      if (!row) throw classNotFound();
      return row;
    },
    async deleteAssignment(assignmentId) {
      requireUuid(assignmentId, 'The assignment');
      const { data, error, status } = await supabase.from('Assignment').delete().eq('id', assignmentId).select('id');
      if (error) throw fromPostgrest(error, status);
      if (data.length === 0) throw new AppforgeError({ code: 'not_found', message: 'This assignment was not found.', status: 404 });
    },
    async assignableItems() {
      const me = await signedInUserId(supabase);
      const [apps, bundles] = await Promise.all([
        supabase
          .from('App')
          .select('id, name, owner_id, visibility, deployed_version_id')
          .or(`owner_id.eq.${me},and(visibility.eq.public,deployed_version_id.not.is.null)`)
          .order('name', { ascending: true })
          .limit(500),
        supabase.from('Bundle').select('id, name, owner_id, visibility').or(`owner_id.eq.${me},visibility.eq.public`).order('name', { ascending: true }).limit(500),
      ]);
      if (apps.error) throw fromPostgrest(apps.error, apps.status);
      if (bundles.error) throw fromPostgrest(bundles.error, bundles.status);
      return [
        ...apps.data.map((app): AssignableItem => ({ kind: 'app', id: app.id, name: app.name, own: app.owner_id === me })),
        ...bundles.data.map((bundle): AssignableItem => ({ kind: 'bundle', id: bundle.id, name: bundle.name, own: bundle.owner_id === me })),
      ];
    },
    async runs(classId, options = {}) {
      requireUuid(classId, 'The class');
      let query = supabase.from('AppRun').select(RUN_COLUMNS).eq('class_id', classId);
      if (options.studentId !== undefined) query = query.eq('runner_user_id', requireUuid(options.studentId, 'The student'));
      const { data, error, status } = await query.order('started_at', { ascending: false }).limit(MAX_RUNS);
      if (error) throw fromPostgrest(error, status);
      const runs = parseResponse(z.array(runRowSchema), data, 'the class’s runs');
      if (runs.length === 0) return [];
      const steps = await supabase
        .from('AppRunStep')
        .select('run_id, step_id, status, output, started_at')
        .in('run_id', runs.map((run) => run.id))
        .order('started_at', { ascending: true });
      if (steps.error) throw fromPostgrest(steps.error, steps.status);
      const stepsByRun = new Map<string, ClassRunStep[]>();
      for (const { run_id: runId, ...step } of parseResponse(z.array(stepRowSchema), steps.data, 'the runs’ steps')) {
        stepsByRun.set(runId, [...(stepsByRun.get(runId) ?? []), step]);
      }
      const [names, students] = await Promise.all([itemNames(runs.map((run) => run.app_id), []), rosterNames(classId)]);
      return runs.map((run) => ({
        id: run.id,
        class_id: classId,
        app_id: run.app_id,
        app_name: names.get(run.app_id) ?? null,
        student_id: run.runner_user_id ?? '',
        student_name: students.get(run.runner_user_id ?? '') ?? null,
        status: run.status,
        inputs: run.inputs,
        outputs: run.outputs,
        error: run.error ? { code: run.error.code, message: run.error.message } : null,
        started_at: run.started_at,
        finished_at: run.finished_at,
        updated_at: run.updated_at,
        steps: stepsByRun.get(run.id) ?? [],
      }));
    },
    async alerts(classId) {
      requireUuid(classId, 'The class');
      const { data, error, status } = await supabase
        .from('SafetyAlert')
        .select(ALERT_COLUMNS)
        .eq('class_id', classId)
        .order('created_at', { ascending: false })
        .limit(500);
      if (error) throw fromPostgrest(error, status);
      const alerts = parseResponse(z.array(alertRowSchema), data, 'the alerts');
      const students = alerts.length > 0 ? await rosterNames(classId) : new Map<string, string>();
      return alerts.map((alert) => ({ ...alert, student_name: students.get(alert.student_id) ?? null }));
    },
    async acknowledgeAlert(alertId) {
      requireUuid(alertId, 'The alert');
      const { data, error, status } = await supabase
        .from('SafetyAlert')
        .update({ acknowledged_at: new Date().toISOString() })
        .eq('id', alertId)
        .select(ALERT_COLUMNS)
        .maybeSingle();
      if (error) throw fromPostgrest(error, status);
      if (data === null) throw new AppforgeError({ code: 'not_found', message: 'This alert was not found.', status: 404 });
      const alert = parseResponse(alertRowSchema, data, 'the alert');
      const students = await rosterNames(alert.class_id);
      return { ...alert, student_name: students.get(alert.student_id) ?? null };
    },
    async exportRuns(classId) {
      requireUuid(classId, 'The class');
      const csv = await invokeFunction(supabase, 'class-export', { classId });
      if (typeof csv !== 'string') throw new AppforgeError({ code: 'invalid_response', message: 'The export was not CSV.', status: 502 });
      return csv;
    },
    async myClasses() {
      await signedInUserId(supabase);
      const { data, error, status } = await supabase.rpc('my_classes');
      if (error) throw fromPostgrest(error, status);
      return parseResponse(z.array(myClassSchema), data, 'your classes');
    },
    async joinPreview(code) {
      const normalised = normaliseJoinCode(code);
      if (!JOIN_CODE_PATTERN.test(normalised)) return null;
      try {
        return parseResponse(joinPreviewSchema, await invokeFunction(supabase, 'join-class', { code: normalised, preview: true }), 'join-class');
      } catch (error) {
        if (isAppforgeError(error) && (error.status === 404 || error.status === 410)) return null;
        throw error;
      }
    },
    async join(input) {
      const code = normaliseJoinCode(input.code);
      if (!JOIN_CODE_PATTERN.test(code)) throw invalidInput('A class code is 8 letters and digits, like 7KQ4MZP2.');
      const body: Record<string, unknown> = { code };
      if (input.displayName !== undefined) body.displayName = parseInput(displayNameInClassSchema, input.displayName);
      return parseResponse(joinedSchema, await invokeFunction(supabase, 'join-class', body), 'join-class');
    },
    async leave(classId) {
      requireUuid(classId, 'The class');
      const studentId = await signedInUserId(supabase);
      const { data, error, status } = await supabase.from('ClassMember').delete().eq('class_id', classId).eq('student_id', studentId).select('id');
      if (error) throw fromPostgrest(error, status);
      if (data.length === 0) throw classNotFound({ classId });
    },
  };
}

// ── Live output (the teacher's live view, token by token) ──────────────────────────────────────
// run-app broadcasts a class run's AI output as it is written on the class's private channel
// (packages/functions/src/classes/live-output.ts): one message per class at most every ~150 ms with
// the runs that changed. `from` 0 is the step's whole text so far, otherwise the text from that
// character on; `withheld` says the output was flagged and is not sent.

/** The private Realtime channel and event of a class's live output (only its teacher may join). */
export function classLiveChannel(classId: string): { topic: string; event: string } {
  return { topic: `class:${classId}:live`, event: 'output' };
}

const livePartSchema = z.union([
  z.object({ run_id: z.string(), step_id: z.string(), from: z.number().int().min(0), text: z.string() }),
  z.object({ run_id: z.string(), step_id: z.string(), withheld: z.array(z.enum(SAFETY_CATEGORIES)) }),
]);
export const classLiveMessageSchema = z.object({ parts: z.array(livePartSchema).max(1000) });
export type ClassLiveMessage = z.output<typeof classLiveMessageSchema>;

/** What the teacher sees of a run's AI step while it is being written. */
export interface ClassLiveOutput {
  stepId: string;
  text: string;
  /** Set when the live text was flagged: the categories, and no text. */
  withheld: SafetyCategory[] | null;
}

/**
 * The live texts after a message (a new map when anything changed). A piece that does not line up
 * with what is known (a message missed while reconnecting) is skipped until the next whole text.
 */
export function applyClassLiveMessage(state: ReadonlyMap<string, ClassLiveOutput>, message: ClassLiveMessage): ReadonlyMap<string, ClassLiveOutput> {
  let next: Map<string, ClassLiveOutput> | null = null;
  for (const part of message.parts) {
    const known = (next ?? state).get(part.run_id);
    let updated: ClassLiveOutput | null = null;
    if ('withheld' in part) {
      updated = { stepId: part.step_id, text: '', withheld: part.withheld };
    } else if (part.from === 0) {
      updated = { stepId: part.step_id, text: part.text, withheld: null };
    } else if (known && known.stepId === part.step_id && known.withheld === null && part.from <= known.text.length) {
      updated = { ...known, text: known.text.slice(0, part.from) + part.text };
    }
    if (updated) {
      next ??= new Map(state);
      next.set(part.run_id, updated);
    }
  }
  return next ?? state;
}
