import { Button, Card, ConfirmDialog, EmptyState } from '@appforge/ui';
import { Link } from 'react-router';
import type { AssignableItem, Assignment, NewAssignmentInput } from '../lib/types';
import { AssignForm } from './AssignForm';
import { AssignmentItem, assignmentTitle } from './AssignmentItem';

export interface AssignmentsPanelProps {
  assignments: readonly Assignment[];
  items: readonly AssignableItem[];
  onAssign: (input: NewAssignmentInput) => Promise<unknown>;
  onUnassign: (assignmentId: string) => Promise<unknown>;
}

/** Where to find something to assign (issue 27): the public apps in the list above, or a new app. */
function NothingAssigned({ items }: { items: readonly AssignableItem[] }) {
  const shared = items.filter((item) => !item.own).length;
  const findPublic =
    shared > 0
      ? `${shared} public ${shared === 1 ? 'app is' : 'apps are'} ready to assign: pick one marked “(public)” in “App or bundle” above.`
      : 'No public apps are shared yet.';
  return (
    <>
      {findPublic} Or create an app for this class: describe it in plain words and it is built for you. Students see what you assign in My classes, with
      its instructions and due date.
    </>
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
          <EmptyState
            headingLevel={3}
            title="Nothing assigned yet"
            description={<NothingAssigned items={items} />}
            action={
              <Button asChild variant="secondary">
                <Link to="/create-new-app">Create an app</Link>
              </Button>
            }
          />
        ) : (
          <ul className="teacher-list">
            {assignments.map((assignment) => {
              const title = assignmentTitle(assignment);
              return (
                <AssignmentItem
                  key={assignment.id}
                  assignment={assignment}
                  action={
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
                  }
                />
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
