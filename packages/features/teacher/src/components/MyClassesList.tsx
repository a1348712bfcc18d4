import { Button, Card, ConfirmDialog, EmptyState } from '@appforge/ui';
import { Link } from 'react-router';
import { assignmentHref } from '../lib/paths';
import type { StudentClass } from '../lib/types';
import { AssignmentItem, assignmentTitle } from './AssignmentItem';

export interface MyClassesListProps {
  classes: readonly StudentClass[];
  onLeave: (classId: string) => Promise<unknown>;
}

function ClassCard({ cls, onLeave }: { cls: StudentClass; onLeave: MyClassesListProps['onLeave'] }) {
  const details = [cls.subject, cls.grade === null ? null : `Grade ${cls.grade}`].filter((part) => part !== null).join(' · ');
  const now = Date.now();
  return (
    <Card
      title={cls.name}
      headingLevel={2}
      description={[details, `You are “${cls.display_name}” in this class.`].filter((part) => part !== '').join(' · ')}
      actions={
        <ConfirmDialog
          title={`Leave “${cls.name}”?`}
          description="Its apps disappear from My classes. To come back you need the code again, and your teacher keeps the runs you already made."
          confirmLabel="Leave class"
          destructive
          onConfirm={async () => {
            await onLeave(cls.id);
          }}
          trigger={
            <Button variant="ghost" size="sm">
              Leave class <span className="af-visually-hidden">{cls.name}</span>
            </Button>
          }
        />
      }
    >
      {cls.archived ? <p className="teacher-muted">Your teacher archived this class: its apps can no longer be run for it.</p> : null}
      {cls.assignments.length === 0 ? (
        <p className="teacher-muted">Nothing is assigned yet. Your teacher’s apps will show up here.</p>
      ) : (
        <ul className="teacher-list">
          {cls.assignments.map((assignment) => {
            const href = assignmentHref(assignment, cls.id);
            const title = assignmentTitle(assignment);
            const notOpen = assignment.opens_at !== null && Date.parse(assignment.opens_at) > now;
            return (
              <AssignmentItem
                key={assignment.id}
                assignment={assignment}
                action={
                  href === null || notOpen || cls.archived ? (
                    <span className="teacher-muted">{cls.archived ? 'Archived' : notOpen ? 'Not open yet' : 'Not available'}</span>
                  ) : (
                    <Button asChild size="sm">
                      <Link to={href}>
                        Open <span className="af-visually-hidden">{title}</span>
                      </Link>
                    </Button>
                  )
                }
              />
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** A student's classes with what is assigned, due dates and "Open"; "Leave class" on each. */
export function MyClassesList({ classes, onLeave }: MyClassesListProps) {
  if (classes.length === 0) {
    return <EmptyState headingLevel={2} title="You are not in a class yet" description="Ask your teacher for the class code, type it above, or open the join link they shared." />;
  }
  return (
    <div className="teacher-stack">
      {classes.map((cls) => (
        <ClassCard key={cls.id} cls={cls} onLeave={onLeave} />
      ))}
    </div>
  );
}
