// What the screens show, in the shapes of the teacher contract (/work/notes/teacher-contract.md).
// The components take these as props, so stories and tests render them without a backend; the
// pages fill them from the SDK's class hooks.

export type SafetyCategory = 'profanity' | 'self_harm' | 'violence' | 'personal_data' | 'moderation';

/** Which content checks run on a class's exchanges (the `Class.checks` switches). */
export interface ClassChecks {
  profanity: boolean;
  self_harm: boolean;
  violence: boolean;
  personal_data: boolean;
  moderation_api: boolean;
}

export interface TeacherClass {
  id: string;
  teacher_id: string;
  school_id: string | null;
  name: string;
  subject: string | null;
  grade: string | null;
  join_code: string;
  archived_at: string | null;
  runs_per_student_per_day: number;
  checks: ClassChecks;
  alert_email: boolean;
  created_at: string;
  updated_at: string;
}

export interface ClassMember {
  id: string;
  class_id: string;
  student_id: string;
  display_name: string;
  joined_at: string;
  removed_at: string | null;
}

/** An assignment as a student sees it in My classes. */
export interface StudentAssignment {
  id: string;
  app_id: string | null;
  bundle_id: string | null;
  /** The assigned app's or bundle's name, when known. */
  item_name: string | null;
  instructions: string;
  opens_at: string | null;
  due_at: string | null;
  created_at: string;
}

/** An assignment as its teacher sees it. */
export interface Assignment extends StudentAssignment {
  class_id: string;
  updated_at: string;
}

/** An app or bundle the teacher may assign: their own, or a public one. */
export interface AssignableItem {
  kind: 'app' | 'bundle';
  id: string;
  name: string;
  /** True when it belongs to the teacher (false: someone else's public app or bundle). */
  own: boolean;
}

export type RunStatus = 'running' | 'awaiting_input' | 'done' | 'failed';

/** One run of an assigned app by a student of the class. */
export interface ClassRun {
  id: string;
  class_id: string;
  app_id: string;
  app_name: string | null;
  student_id: string;
  /** The student's name in the class (null when they left it). */
  student_name: string | null;
  status: RunStatus;
  inputs: Record<string, unknown>;
  outputs: unknown;
  error: { code: string; message: string } | null;
  started_at: string;
  finished_at: string | null;
  updated_at: string;
  /** Steps finished so far, with their outputs: what streams in while the run goes on. */
  steps: { step_id: string; status: 'running' | 'done' | 'failed'; output: unknown; started_at: string }[];
}

export interface SafetyAlert {
  id: string;
  class_id: string;
  run_id: string;
  student_id: string;
  student_name: string | null;
  direction: 'input' | 'output';
  categories: SafetyCategory[];
  excerpt: string;
  source: 'local' | 'moderation_api';
  created_at: string;
  acknowledged_at: string | null;
}

/** A class the signed-in student belongs to, with what is assigned in it. */
export interface StudentClass {
  id: string;
  name: string;
  subject: string | null;
  grade: string | null;
  archived: boolean;
  /** The student's own name in the class. */
  display_name: string;
  joined_at: string;
  assignments: StudentAssignment[];
}

export interface NewClassInput {
  name: string;
  subject: string | null;
  grade: string | null;
}

export interface NewAssignmentInput {
  kind: 'app' | 'bundle';
  id: string;
  instructions: string;
  opens_at: string | null;
  due_at: string | null;
}

export interface ClassSettingsInput {
  runs_per_student_per_day: number;
  checks: ClassChecks;
  alert_email: boolean;
}
