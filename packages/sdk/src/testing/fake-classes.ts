/* eslint-disable @typescript-eslint/require-await -- the in-memory methods are async like the real
   ones so that a throw arrives as a rejected promise, exactly as callers will see it. */
// The in-memory classrooms of the fake client (issue 19) with the rules a person would notice:
// only teachers create classes, a teacher sees only their own classes, join codes must match a
// class that is not archived, a removed student cannot re-join, a student sees only their own
// classes (never classmates), leaving detaches their runs from the class.
import { UUID_PATTERN, invalidInput } from '../app-rows';
import {
  assignmentPatchSchema,
  classPatchSchema,
  createAssignmentSchema,
  createClassSchema,
  DEFAULT_CLASS_CHECKS,
  displayNameInClassSchema,
  JOIN_CODE_PATTERN,
  normaliseJoinCode,
} from '../classes';
import type {
  AssignableItem,
  AssignmentRow,
  ClassesApi,
  ClassMemberRow,
  ClassRow,
  ClassRunRow,
  MyClass,
  SafetyAlertRow,
} from '../classes';
import { AppforgeError } from '../errors';
import type { SchoolInfo, Session } from '../types';
import type { z } from 'zod';

export interface FakeClassesData {
  session: Session | null;
  schoolInfo: SchoolInfo;
  /** Everyone's classes by id (see makeClass). */
  classes: Record<string, ClassRow>;
  classMembers: Record<string, ClassMemberRow>;
  assignments: Record<string, AssignmentRow>;
  /** Class runs by id (student_name and app_name as the teacher sees them). */
  classRuns: Record<string, ClassRunRow>;
  safetyAlerts: Record<string, SafetyAlertRow>;
  /** What assignableItems() answers. */
  assignable: AssignableItem[];
  /** The CSV class-export answers, by class id (default: a header and one line per run). */
  classExports: Record<string, string>;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function err(code: string, message: string, status: number): AppforgeError {
  return new AppforgeError({ code, message, status });
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'The input is not valid.', parsed.error.issues);
  return parsed.data;
}

export function fakeJoinCode(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => CODE_ALPHABET[byte % 32]).join('');
}

/** A class row with defaults (teacher_id required in practice: pass the teacher's user id). */
export function makeClass(fields: Partial<ClassRow> = {}): ClassRow {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    teacher_id: crypto.randomUUID(),
    school_id: null,
    name: 'Biology 7B',
    subject: null,
    grade: null,
    join_code: fakeJoinCode(),
    join_code_expires_at: null,
    archived_at: null,
    runs_per_student_per_day: 50,
    checks: { ...DEFAULT_CLASS_CHECKS },
    alert_email: false,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

export function makeClassMember(fields: Partial<ClassMemberRow> & Pick<ClassMemberRow, 'class_id'>): ClassMemberRow {
  return {
    id: crypto.randomUUID(),
    student_id: crypto.randomUUID(),
    display_name: 'Sam',
    joined_at: new Date().toISOString(),
    removed_at: null,
    ...fields,
  };
}

export function makeClassRun(fields: Partial<ClassRunRow> & Pick<ClassRunRow, 'class_id'>): ClassRunRow {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    app_id: crypto.randomUUID(),
    app_name: 'Topic explainer',
    student_id: crypto.randomUUID(),
    student_name: 'Sam',
    status: 'done',
    inputs: { topic: 'cells' },
    outputs: ['# Answer\n\nCells are small.'],
    error: null,
    started_at: now,
    finished_at: now,
    updated_at: now,
    steps: [],
    ...fields,
  };
}

export function makeSafetyAlert(fields: Partial<SafetyAlertRow> & Pick<SafetyAlertRow, 'class_id'>): SafetyAlertRow {
  return {
    id: crypto.randomUUID(),
    run_id: crypto.randomUUID(),
    student_id: crypto.randomUUID(),
    student_name: 'Sam',
    direction: 'input',
    categories: ['profanity'],
    excerpt: 'a flagged line',
    source: 'local',
    created_at: new Date().toISOString(),
    acknowledged_at: null,
    ...fields,
  };
}

function csvCell(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function createFakeClasses(data: FakeClassesData): ClassesApi {
  function me(): string {
    const id = data.session?.user.id;
    if (id === undefined) throw err('not_authenticated', 'Sign in first.', 401);
    return id;
  }
  function ownClass(classId: string): ClassRow {
    const found = UUID_PATTERN.test(classId) ? data.classes[classId] : undefined;
    if (!found || found.teacher_id !== me()) throw err('not_found', 'This class was not found.', 404);
    return found;
  }
  function ownMember(memberId: string): ClassMemberRow {
    const member = data.classMembers[memberId];
    if (!member) throw err('not_found', 'This student is not in your class.', 404);
    const klass = data.classes[member.class_id];
    if (!klass || klass.teacher_id !== me()) throw err('not_found', 'This student is not in your class.', 404);
    return member;
  }
  function ownAssignment(assignmentId: string): AssignmentRow {
    const assignment = data.assignments[assignmentId];
    if (!assignment) throw err('not_found', 'This assignment was not found.', 404);
    ownClass(assignment.class_id);
    return assignment;
  }
  const byNewest = <T extends { created_at: string }>(rows: T[]): T[] => rows.sort((a, b) => b.created_at.localeCompare(a.created_at));
  const rosterName = (classId: string, studentId: string): string | null =>
    Object.values(data.classMembers).find((m) => m.class_id === classId && m.student_id === studentId)?.display_name ?? null;

  return {
    async listMine() {
      const teacherId = me();
      return byNewest(Object.values(data.classes).filter((row) => row.teacher_id === teacherId)).map((row) => structuredClone(row));
    },
    async get(classId) {
      return structuredClone(ownClass(classId));
    },
    async create(input) {
      const teacherId = me();
      const fields = parse(createClassSchema, input);
      if (!data.schoolInfo.isTeacher) throw err('forbidden', 'Only teachers can create classes.', 403);
      const row = makeClass({ teacher_id: teacherId, name: fields.name, subject: fields.subject ?? null, grade: fields.grade ?? null });
      data.classes[row.id] = row;
      return structuredClone(row);
    },
    async update(classId, patch) {
      const current = ownClass(classId);
      const { archived, checks, ...rest } = parse(classPatchSchema, patch);
      const next: ClassRow = {
        ...current,
        ...rest,
        ...(checks ? { checks: { ...current.checks, ...checks } } : {}),
        ...(archived === undefined ? {} : { archived_at: archived ? (current.archived_at ?? new Date().toISOString()) : null }),
        updated_at: new Date().toISOString(),
      };
      data.classes[classId] = next;
      return structuredClone(next);
    },
    async regenerateJoinCode(classId, expiresAt = null) {
      const current = ownClass(classId);
      const next: ClassRow = { ...current, join_code: fakeJoinCode(), join_code_expires_at: expiresAt, updated_at: new Date().toISOString() };
      data.classes[classId] = next;
      return structuredClone(next);
    },
    async remove(classId) {
      ownClass(classId);
      delete data.classes[classId];
      const tables: Record<string, { class_id: string }>[] = [data.classMembers, data.assignments, data.classRuns, data.safetyAlerts];
      for (const table of tables) {
        for (const [id, row] of Object.entries(table)) if (row.class_id === classId) delete table[id];
      }
    },
    async members(classId) {
      ownClass(classId);
      return Object.values(data.classMembers)
        .filter((row) => row.class_id === classId)
        .sort((a, b) => a.display_name.localeCompare(b.display_name))
        .map((row) => structuredClone(row));
    },
    async renameMember(memberId, displayName) {
      const member = ownMember(memberId);
      member.display_name = parse(displayNameInClassSchema, displayName);
      return structuredClone(member);
    },
    async removeMember(memberId) {
      const member = ownMember(memberId);
      member.removed_at = new Date().toISOString();
      return structuredClone(member);
    },
    async assignments(classId) {
      ownClass(classId);
      return Object.values(data.assignments)
        .filter((row) => row.class_id === classId)
        .sort((a, b) => a.created_at.localeCompare(b.created_at))
        .map((row) => structuredClone(row));
    },
    async createAssignment(input) {
      const fields = parse(createAssignmentSchema, input);
      ownClass(fields.class_id);
      const item = data.assignable.find((candidate) => candidate.id === (fields.app_id ?? fields.bundle_id));
      if (!item) throw err('forbidden', `You can assign only your own ${fields.app_id ? 'apps' : 'bundles'} or public ones.`, 403);
      const now = new Date().toISOString();
      const row: AssignmentRow = {
        id: crypto.randomUUID(),
        class_id: fields.class_id,
        app_id: fields.app_id ?? null,
        bundle_id: fields.bundle_id ?? null,
        instructions: fields.instructions ?? '',
        opens_at: fields.opens_at ?? null,
        due_at: fields.due_at ?? null,
        created_at: now,
        updated_at: now,
        item_name: item.name,
      };
      data.assignments[row.id] = row;
      return structuredClone(row);
    },
    async updateAssignment(assignmentId, patch) {
      const current = ownAssignment(assignmentId);
      const next = { ...current, ...parse(assignmentPatchSchema, patch), updated_at: new Date().toISOString() };
      data.assignments[assignmentId] = next;
      return structuredClone(next);
    },
    async deleteAssignment(assignmentId) {
      ownAssignment(assignmentId);
      delete data.assignments[assignmentId];
    },
    async assignableItems() {
      me();
      return structuredClone(data.assignable);
    },
    async runs(classId, options = {}) {
      ownClass(classId);
      return Object.values(data.classRuns)
        .filter((run) => run.class_id === classId && (options.studentId === undefined || run.student_id === options.studentId))
        .sort((a, b) => b.started_at.localeCompare(a.started_at))
        .map((run) => structuredClone({ ...run, student_name: rosterName(classId, run.student_id) ?? run.student_name }));
    },
    async alerts(classId) {
      ownClass(classId);
      return byNewest(Object.values(data.safetyAlerts).filter((alert) => alert.class_id === classId)).map((alert) => structuredClone(alert));
    },
    async acknowledgeAlert(alertId) {
      const alert = data.safetyAlerts[alertId];
      if (!alert) throw err('not_found', 'This alert was not found.', 404);
      ownClass(alert.class_id);
      alert.acknowledged_at = new Date().toISOString();
      return structuredClone(alert);
    },
    async exportRuns(classId) {
      ownClass(classId);
      const stored = data.classExports[classId];
      if (stored !== undefined) return stored;
      const header = 'student,app,started_at,status,inputs,outputs';
      const lines = Object.values(data.classRuns)
        .filter((run) => run.class_id === classId)
        .map((run) => [run.student_name, run.app_name, run.started_at, run.status, run.inputs, run.outputs].map(csvCell).join(','));
      return [header, ...lines].join('\r\n');
    },
    async myClasses() {
      const studentId = me();
      return Object.values(data.classMembers)
        .filter((member) => member.student_id === studentId && member.removed_at === null && data.classes[member.class_id])
        .sort((a, b) => b.joined_at.localeCompare(a.joined_at))
        .map((member): MyClass => {
          const klass = data.classes[member.class_id] as ClassRow;
          return {
            id: klass.id,
            name: klass.name,
            subject: klass.subject,
            grade: klass.grade,
            archived: klass.archived_at !== null,
            display_name: member.display_name,
            joined_at: member.joined_at,
            assignments: Object.values(data.assignments)
              .filter((assignment) => assignment.class_id === klass.id)
              .map(({ class_id: _class, updated_at: _updated, ...assignment }) => structuredClone(assignment)),
          };
        });
    },
    async joinPreview(input) {
      const code = normaliseJoinCode(input);
      if (!JOIN_CODE_PATTERN.test(code)) return null;
      const klass = Object.values(data.classes).find((row) => row.join_code === code && row.archived_at === null);
      if (!klass || (klass.join_code_expires_at !== null && Date.parse(klass.join_code_expires_at) <= Date.now())) return null;
      return { className: klass.name, schoolName: null };
    },
    async join(input) {
      const studentId = me();
      const code = normaliseJoinCode(input.code);
      if (!JOIN_CODE_PATTERN.test(code)) throw invalidInput('A class code is 8 letters and digits, like 7KQ4MZP2.');
      const klass = Object.values(data.classes).find((row) => row.join_code === code && row.archived_at === null);
      if (!klass) throw err('class_not_found', 'There is no open class with this code. Check the code with your teacher.', 404);
      const existing = Object.values(data.classMembers).find((row) => row.class_id === klass.id && row.student_id === studentId);
      if (existing?.removed_at) throw err('removed_from_class', 'Your teacher removed you from this class.', 403);
      if (!existing && klass.join_code_expires_at !== null && Date.parse(klass.join_code_expires_at) <= Date.now()) {
        throw err('join_code_expired', 'This class code has expired. Ask your teacher for a new one.', 410);
      }
      if (!existing) {
        const fallback = data.session?.user.email?.split('@')[0] ?? 'Student';
        const displayName = input.displayName === undefined ? fallback : parse(displayNameInClassSchema, input.displayName);
        const member = makeClassMember({ class_id: klass.id, student_id: studentId, display_name: displayName.slice(0, 80) });
        data.classMembers[member.id] = member;
        data.schoolInfo = { ...data.schoolInfo, isStudent: true };
      }
      return { classId: klass.id, className: klass.name, alreadyMember: existing !== undefined };
    },
    async leave(classId) {
      const studentId = me();
      const member = Object.values(data.classMembers).find((row) => row.class_id === classId && row.student_id === studentId && row.removed_at === null);
      if (!member) throw err('not_found', 'This class was not found.', 404);
      delete data.classMembers[member.id];
      for (const [id, run] of Object.entries(data.classRuns)) if (run.class_id === classId && run.student_id === studentId) delete data.classRuns[id];
      for (const [id, alert] of Object.entries(data.safetyAlerts)) if (alert.class_id === classId && alert.student_id === studentId) delete data.safetyAlerts[id];
    },
  };
}
