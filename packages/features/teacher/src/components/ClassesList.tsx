import { Badge, Button, ConfirmDialog, EmptyState } from '@appforge/ui';
import { Link } from 'react-router';
import { classPath } from '../lib/paths';
import type { NewClassInput, TeacherClass } from '../lib/types';
import { CreateClassDialog } from './CreateClassDialog';

export interface ClassesListProps {
  classes: readonly TeacherClass[];
  onCreate: (input: NewClassInput) => Promise<unknown>;
  /** Archives (true) or brings back (false) a class. */
  onArchive: (classId: string, archived: boolean) => Promise<unknown>;
}

function details(cls: TeacherClass): string {
  return [cls.subject, cls.grade === null ? null : `Grade ${cls.grade}`].filter((part) => part !== null).join(' · ');
}

function ClassItem({ cls, onArchive }: { cls: TeacherClass; onArchive: ClassesListProps['onArchive'] }) {
  const archived = cls.archived_at !== null;
  const headingId = `class-${cls.id}`;
  return (
    <li className="teacher-class" aria-labelledby={headingId}>
      <div className="teacher-class__text">
        <h3 id={headingId} className="teacher-class__name">
          <Link to={classPath(cls.id)}>{cls.name}</Link>
        </h3>
        {details(cls) !== '' ? <p className="teacher-muted">{details(cls)}</p> : null}
        <p className="teacher-muted">
          {archived ? (
            <>
              <Badge tone="neutral">Archived</Badge> Students can no longer join or run its apps.
            </>
          ) : (
            <>
              Join code <code className="teacher-code">{cls.join_code}</code>
            </>
          )}
        </p>
      </div>
      <div className="teacher-class__actions">
        {archived ? (
          <Button variant="secondary" size="sm" onClick={() => void onArchive(cls.id, false)}>
            Bring back <span className="af-visually-hidden">{cls.name}</span>
          </Button>
        ) : (
          <ConfirmDialog
            title={`Archive “${cls.name}”?`}
            description="Students can no longer join it or run its apps. Its runs and alerts are kept, and you can bring it back."
            confirmLabel="Archive class"
            onConfirm={async () => {
              await onArchive(cls.id, true);
            }}
            trigger={
              <Button variant="secondary" size="sm">
                Archive <span className="af-visually-hidden">{cls.name}</span>
              </Button>
            }
          />
        )}
      </div>
    </li>
  );
}

/** The teacher's classes: current ones first, archived ones below, and "New class". */
export function ClassesList({ classes, onCreate, onArchive }: ClassesListProps) {
  const current = classes.filter((cls) => cls.archived_at === null);
  const archived = classes.filter((cls) => cls.archived_at !== null);
  if (classes.length === 0) {
    return (
      <EmptyState
        headingLevel={2}
        title="No classes yet"
        description="Create a class, share its join code with your students, then assign them apps and watch their work as it happens."
        action={<CreateClassDialog onCreate={onCreate} triggerLabel="Create your first class" />}
      />
    );
  }
  return (
    <div className="teacher-stack">
      <div className="teacher-toolbar">
        <CreateClassDialog onCreate={onCreate} />
      </div>
      <section aria-labelledby="teacher-current-classes" className="teacher-stack">
        <h2 id="teacher-current-classes">Your classes</h2>
        {current.length === 0 ? (
          <p className="teacher-muted">Every class is archived. Create a new one, or bring one back below.</p>
        ) : (
          <ul className="teacher-list">
            {current.map((cls) => (
              <ClassItem key={cls.id} cls={cls} onArchive={onArchive} />
            ))}
          </ul>
        )}
      </section>
      {archived.length > 0 ? (
        <section aria-labelledby="teacher-archived-classes" className="teacher-stack">
          <h2 id="teacher-archived-classes">Archived</h2>
          <ul className="teacher-list">
            {archived.map((cls) => (
              <ClassItem key={cls.id} cls={cls} onArchive={onArchive} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
