import { Button, ConfirmDialog, EmptyState, formatDateTime, Table } from '@appforge/ui';
import type { TableColumn } from '@appforge/ui';
import type { ClassMember } from '../lib/types';
import { RenameMemberDialog } from './RenameMemberDialog';

export interface RosterPanelProps {
  members: readonly ClassMember[];
  onRename: (memberId: string, displayName: string) => Promise<unknown>;
  onRemove: (memberId: string) => Promise<unknown>;
}

/** Who joined the class: rename a student, or remove them (they cannot join again). */
export function RosterPanel({ members, onRename, onRemove }: RosterPanelProps) {
  const current = members.filter((member) => member.removed_at === null);
  const removed = members.filter((member) => member.removed_at !== null);
  const columns: TableColumn<ClassMember>[] = [
    { key: 'name', header: 'Student', rowHeader: true, cell: (member) => member.display_name },
    { key: 'joined', header: 'Joined', cell: (member) => formatDateTime(member.joined_at) },
    {
      key: 'actions',
      header: <span className="af-visually-hidden">Actions</span>,
      align: 'end',
      cell: (member) => (
        <div className="teacher-row-actions">
          <RenameMemberDialog currentName={member.display_name} onRename={(name) => onRename(member.id, name)} />
          <ConfirmDialog
            title={`Remove ${member.display_name} from the class?`}
            description="They lose access to the class's apps at once and cannot join again with the code. Their past runs stay in the class's history."
            confirmLabel="Remove student"
            destructive
            onConfirm={async () => {
              await onRemove(member.id);
            }}
            trigger={
              <Button variant="secondary" size="sm">
                Remove <span className="af-visually-hidden">{member.display_name}</span>
              </Button>
            }
          />
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="teacher-roster-heading" className="teacher-stack">
      <h2 id="teacher-roster-heading">Students ({current.length})</h2>
      {current.length === 0 ? (
        <EmptyState headingLevel={3} title="Nobody has joined yet" description="Share the join code, the link or the QR code above; students appear here as they join." />
      ) : (
        <Table caption="Students in this class" hideCaption columns={columns} rows={current} getRowKey={(member) => member.id} />
      )}
      {removed.length > 0 ? (
        <p className="teacher-muted">
          Removed: {removed.map((member) => member.display_name).join(', ')}. They cannot join this class again.
        </p>
      ) : null}
    </section>
  );
}
