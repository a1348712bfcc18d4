// Helpers for the classroom tests (issue 19): teachers listed the way an operator lists them,
// classes made through the teacher's own client, students joined as join-class joins them.
import { randomUUID } from 'node:crypto';
import type { TestBackend } from '../harness.js';
import { signedIn } from '../functions-ai/helpers.js';
import type { TestUser } from '../functions-ai/helpers.js';

export interface ClassRow {
  id: string;
  join_code: string;
  name: string;
}

/** A user an operator listed as a teacher (a SchoolTeacher row by e-mail). */
export async function teacher(backend: TestBackend): Promise<TestUser & { email: string }> {
  const email = `teacher-${randomUUID()}@example.org`;
  await backend.db.query('insert into public."SchoolTeacher" (email) values ($1)', [email]);
  return { ...(await signedIn(backend, email)), email };
}

/** A class made by the teacher through REST (as the portal makes it). */
export async function createClass(user: TestUser, fields: Record<string, unknown> = {}): Promise<ClassRow> {
  const created = await user.client
    .from('Class')
    .insert({ name: 'Biology 7B', ...fields })
    .select('id, join_code, name')
    .single<ClassRow>();
  if (created.error) throw new Error(`creating the class failed: ${created.error.message}`);
  return created.data;
}

/** A ClassMember row as join-class writes it (service role). */
export async function enrol(backend: TestBackend, classId: string, studentId: string, displayName = 'Sam', removed = false): Promise<string> {
  const row = await backend.db.query<{ id: string }>(
    'insert into public."ClassMember" (class_id, student_id, display_name, removed_at) values ($1, $2, $3, $4) returning id',
    [classId, studentId, displayName, removed ? new Date().toISOString() : null],
  );
  return row.rows[0]?.id ?? '';
}

/** A finished run of the app in the class by the student (as run-app stores it). */
export async function classRun(backend: TestBackend, appId: string, classId: string | null, studentId: string): Promise<string> {
  const row = await backend.db.query<{ id: string }>(
    `insert into public."AppRun" (app_id, runner_user_id, class_id, status, inputs, outputs)
     values ($1, $2, $3, 'done', '{"topic":"cells"}', '["# Answer"]') returning id`,
    [appId, studentId, classId],
  );
  const runId = row.rows[0]?.id ?? '';
  await backend.db.query(
    `insert into public."AppRunStep" (run_id, step_id, status, output) values ($1, 'write', 'done', '"Cells are small."')`,
    [runId],
  );
  return runId;
}

export async function alertFor(backend: TestBackend, classId: string, runId: string, studentId: string): Promise<string> {
  const row = await backend.db.query<{ id: string }>(
    `insert into public."SafetyAlert" (class_id, run_id, student_id, direction, categories, excerpt, source)
     values ($1, $2, $3, 'input', '{profanity}', 'a flagged line', 'local') returning id`,
    [classId, runId, studentId],
  );
  return row.rows[0]?.id ?? '';
}
