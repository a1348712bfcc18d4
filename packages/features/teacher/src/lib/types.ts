// What the screens show: the SDK's classroom rows (packages/sdk/src/classes.ts). The components
// take these as props, so stories and tests render them without a backend; the pages fill them
// from the SDK's class hooks.
import type {
  AssignableItem,
  AssignmentRow,
  ClassChecks,
  ClassLiveOutput,
  ClassMemberRow,
  ClassRow,
  ClassRunRow,
  MyAssignment,
  MyClass,
  SafetyAlertRow,
  SafetyCategory,
} from '@appforge/sdk';

export type { AssignableItem, ClassChecks, ClassLiveOutput, SafetyCategory };
export type TeacherClass = ClassRow;
export type ClassMember = ClassMemberRow;
/** An assignment as its teacher sees it. */
export type Assignment = AssignmentRow;
/** An assignment as a student sees it in My classes. */
export type StudentAssignment = MyAssignment;
export type ClassRun = ClassRunRow;
export type RunStatus = ClassRunRow['status'];
export type SafetyAlert = SafetyAlertRow;
/** A class the signed-in student belongs to, with what is assigned in it. */
export type StudentClass = MyClass;

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
