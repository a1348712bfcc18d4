// Sample classroom data for the stories and component tests: one class, three students, two
// assignments, runs in every state and alerts. Student names only, never e-mails.
import type { AssignableItem, Assignment, ClassMember, ClassRun, SafetyAlert, StudentClass, TeacherClass } from '../lib/types';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export const CLASS_ID = '7d1e4c2a-3b5f-4e6a-9c8d-1f2e3a4b5c6d';
export const APP_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
export const BUNDLE_ID = '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';
export const TEACHER_ID = '44444444-4444-4444-8444-444444444444';
export const STUDENT_IDS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'] as const;

export function makeClass(overrides: Partial<TeacherClass> = {}): TeacherClass {
  return {
    id: CLASS_ID,
    name: '7B Science',
    subject: 'Science',
    grade: '7',
    join_code: 'K7PQ2XMA',
    join_code_expires_at: null,
    archived_at: null,
    runs_per_student_per_day: 50,
    checks: { profanity: true, self_harm: true, violence: true, personal_data: true, moderation_api: true },
    alert_email: false,
    created_at: minutesAgo(60 * 24 * 7),
    updated_at: minutesAgo(60 * 24 * 7),
    teacher_id: TEACHER_ID,
    school_id: null,
    ...overrides,
  };
}

export const CLASSES: TeacherClass[] = [
  makeClass(),
  makeClass({ id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: '9A History', subject: 'History', grade: '9', join_code: 'HT4W9RZB' }),
  makeClass({ id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e', name: 'Coding club 2025', subject: null, grade: null, join_code: 'CQ3M8VNE', archived_at: minutesAgo(60 * 24 * 30) }),
];

export const MEMBERS: ClassMember[] = [
  { id: 'm1', class_id: CLASS_ID, student_id: STUDENT_IDS[0], display_name: 'Amara Okafor', joined_at: minutesAgo(60 * 24 * 6), removed_at: null },
  { id: 'm2', class_id: CLASS_ID, student_id: STUDENT_IDS[1], display_name: 'Leo Fischer', joined_at: minutesAgo(60 * 24 * 5), removed_at: null },
  { id: 'm3', class_id: CLASS_ID, student_id: STUDENT_IDS[2], display_name: 'Sam Patel', joined_at: minutesAgo(60 * 24 * 2), removed_at: null },
];

export const ITEMS: AssignableItem[] = [
  { kind: 'app', id: APP_ID, name: 'Photosynthesis tutor', own: true },
  { kind: 'bundle', id: BUNDLE_ID, name: 'Science starter kit', own: true },
  { kind: 'app', id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', name: 'Essay feedback', own: false },
];

export const ASSIGNMENTS: Assignment[] = [
  {
    id: 'as1',
    class_id: CLASS_ID,
    updated_at: minutesAgo(60 * 24),
    app_id: APP_ID,
    bundle_id: null,
    item_name: 'Photosynthesis tutor',
    instructions: 'Ask the tutor three questions about how leaves make sugar, then write down its best answer.',
    opens_at: null,
    due_at: daysFromNow(3),
    created_at: minutesAgo(60 * 24),
  },
  { id: 'as2', class_id: CLASS_ID, updated_at: minutesAgo(30), app_id: null, bundle_id: BUNDLE_ID, item_name: 'Science starter kit', instructions: '', opens_at: daysFromNow(1), due_at: null, created_at: minutesAgo(30) },
];

export function makeRun(fields: Omit<ClassRun, 'class_id' | 'error' | 'updated_at' | 'steps' | 'student_name'> & Partial<ClassRun>): ClassRun {
  return { class_id: CLASS_ID, error: null, updated_at: fields.started_at, steps: [], student_name: null, ...fields };
}

export const RUNS: ClassRun[] = [
  makeRun({
    id: 'r1',
    app_id: APP_ID,
    app_name: 'Photosynthesis tutor',
    student_id: STUDENT_IDS[0],
    status: 'running',
    inputs: { question: 'Why are leaves green?' },
    outputs: null,
    steps: [{ step_id: 'answer', status: 'done', output: { answer: 'Leaves are green because of chlorophyll, a pigment that' }, started_at: minutesAgo(1) }],
    started_at: minutesAgo(1),
    finished_at: null,
  }),
  makeRun({
    id: 'r2',
    app_id: APP_ID,
    app_name: 'Photosynthesis tutor',
    student_id: STUDENT_IDS[1],
    status: 'done',
    inputs: { question: 'What do plants need to make sugar?' },
    outputs: { answer: 'Light, water and carbon dioxide.' },
    started_at: minutesAgo(12),
    finished_at: minutesAgo(11),
  }),
  makeRun({
    id: 'r3',
    app_id: APP_ID,
    app_name: 'Photosynthesis tutor',
    student_id: STUDENT_IDS[2],
    status: 'failed',
    inputs: { question: 'call me on 555 123 4567' },
    outputs: null,
    started_at: minutesAgo(20),
    finished_at: minutesAgo(20),
    error: { code: 'stopped', message: 'The student stopped the run.' },
  }),
];

export const ALERTS: SafetyAlert[] = [
  {
    id: 'al1',
    class_id: CLASS_ID,
    student_name: 'Sam Patel',
    run_id: 'r3',
    student_id: STUDENT_IDS[2],
    direction: 'input',
    categories: ['personal_data'],
    excerpt: 'call me on 555 123 4567',
    source: 'local',
    created_at: minutesAgo(20),
    acknowledged_at: null,
  },
  {
    id: 'al2',
    class_id: CLASS_ID,
    student_name: 'Leo Fischer',
    run_id: 'r2',
    student_id: STUDENT_IDS[1],
    direction: 'output',
    categories: ['violence'],
    excerpt: '…the plant will fight back…',
    source: 'moderation_api',
    created_at: minutesAgo(11),
    acknowledged_at: minutesAgo(5),
  },
];

export const MY_CLASSES: StudentClass[] = [
  { id: CLASS_ID, name: '7B Science', subject: 'Science', grade: '7', archived: false, display_name: 'Amara Okafor', joined_at: minutesAgo(60 * 24 * 6), assignments: ASSIGNMENTS },
  { id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: '9A History', subject: 'History', grade: '9', archived: false, display_name: 'Amara O.', joined_at: minutesAgo(60 * 24 * 3), assignments: [] },
];

/** A change made after a tick, as a mutation hook's promise would settle. */
export function settle<T>(work: () => T): Promise<T> {
  return Promise.resolve().then(work);
}

/** A request the server refuses with this message, as the SDK's errors read. */
export function refuse(message: string): Promise<never> {
  return Promise.reject(new Error(message));
}
