import { Button, Card, ConfirmDialog, EmptyState } from '@appforge/ui';
import { formatDateTime } from '../lib/format';
import type { AssignableItem, Assignment, NewAssignmentInput } from '../lib/types';
import { AssignForm } from './AssignForm';

export interface AssignmentsPanelProps {
  assignments: readonly Assignment[];
  items: readonly AssignableItem[];
  onAssign: (input: NewAssignmentInput) => Promise<unknown>;
  onUnassign: (assignmentId: string) => Promise<unknown>;
}

export function assignmentTitle(assignment: Pick<Assignment, 'app_id' | 'item_name'>): string {
  const kind = assignment.app_id !== null ? 'App' : 'Bundle';
  return assignment.item_name ?? `${kind} (no longer available)`;
}

export function AssignmentDates({ assignment }: { assignment: Pick<Assignment, 'opens_at' | 'due_at'> }) {
  const opensLater = assignment.opens_at !== null && Date.parse(assignment.opens_at) > Date.now();
  if (assignment.opens_at === null && assignment.due_at === null) return <p className="teacher-muted">Open now, no due date</p>;
  return (
    <p className="teacher-muted">
      {assignment.opens_at !== null ? <span>{opensLater ? 'Opens' : 'Opened'} {formatDateTime(assignment.opens_at)}</span> : <span>Open now</span>}
      {assignment.due_at !== null ? <span> · Due {formatDateTime(assignment.due_at)}</span> : null}
    </p>
  );
}

/** What the class is asked to use, and the form to assign more. */
export function AssignmentsPanel({ assignments, items, onAssign, onUnassign }: AssignmentsPanelProps) {
  return (
    <div className="teacher-stack">
      <Card title="Assign an app or bundle" headingLevel={2} description="Your own apps and bundles, or public ones. Students run them from My classes; their runs show up in Live.">
        <AssignForm items={items} onAssign={onAssign} />
      </Card>
      <section aria-labelledby="teacher-assignments-heading" className="teacher-stack">
        <h2 id="teacher-assignments-heading">Assigned ({assignments.length})</h2>
        {assignments.length === 0 ? (
          <EmptyState headingLevel={3} title="Nothing assigned yet" description="Assign an app above; students see it in My classes with its instructions and due date." />
        ) : (
          <ul className="teacher-list">
            {assignments.map((assignment) => {
              const title = assignmentTitle(assignment);
              return (
                <li key={assignment.id} className="teacher-class">
                  <div className="teacher-class__text">
                    <h3 className="teacher-class__name">{title}</h3>
                    <AssignmentDates assignment={assignment} />
                    {assignment.instructions !== '' ? <p className="teacher-instructions">{assignment.instructions}</p> : null}
                  </div>
                  <div className="teacher-class__actions">
                    <ConfirmDialog
                      title={`Unassign “${title}”?`}
                      description="Students no longer see it in the class and cannot start new runs of it for the class. Past runs stay."
                      confirmLabel="Unassign"
                      destructive
                      onConfirm={async () => {
                        await onUnassign(assignment.id);
                      }}
                      trigger={
                        <Button variant="secondary" size="sm">
                          Unassign <span className="af-visually-hidden">{title}</span>
                        </Button>
                      }
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
