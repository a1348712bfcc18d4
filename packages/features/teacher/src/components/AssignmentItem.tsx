import type { ReactNode } from 'react';
import { formatDateTime } from '@appforge/ui';
import type { StudentAssignment } from '../lib/types';

export function assignmentTitle(assignment: Pick<StudentAssignment, 'app_id' | 'item_name'>): string {
  const kind = assignment.app_id !== null ? 'App' : 'Bundle';
  return assignment.item_name ?? `${kind} (no longer available)`;
}

export function AssignmentDates({ assignment }: { assignment: Pick<StudentAssignment, 'opens_at' | 'due_at'> }) {
  const opensLater = assignment.opens_at !== null && Date.parse(assignment.opens_at) > Date.now();
  if (assignment.opens_at === null && assignment.due_at === null) return <p className="teacher-muted">Open now, no due date</p>;
  return (
    <p className="teacher-muted">
      {assignment.opens_at !== null ? <span>{opensLater ? 'Opens' : 'Opened'} {formatDateTime(assignment.opens_at)}</span> : <span>Open now</span>}
      {assignment.due_at !== null ? <span> · Due {formatDateTime(assignment.due_at)}</span> : null}
    </p>
  );
}

/** One assignment as teachers and students see it: name, dates, instructions, and an action. */
export function AssignmentItem({ assignment, action }: { assignment: StudentAssignment; action: ReactNode }) {
  return (
    <li className="teacher-class">
      <div className="teacher-class__text">
        <h3 className="teacher-class__name">{assignmentTitle(assignment)}</h3>
        <AssignmentDates assignment={assignment} />
        {assignment.instructions !== '' ? <p className="teacher-instructions">{assignment.instructions}</p> : null}
      </div>
      <div className="teacher-class__actions">{action}</div>
    </li>
  );
}
