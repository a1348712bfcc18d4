import { EmptyState, TextField } from '@appforge/ui';
import type { ReactNode } from 'react';

export interface DatabaseLinkPanelProps {
  /** The app's linked database id, if any. */
  databaseId: string | null;
  heading: string;
  action?: ReactNode;
}

/**
 * The app's database link. Databases (tables, rows, the data grid) arrive with the databases
 * feature; until then this says so plainly and shows the link as it stands.
 */
export function DatabaseLinkPanel({ databaseId, heading, action }: DatabaseLinkPanelProps) {
  return (
    <div className="editor-confirm">
      <EmptyState
        headingLevel={2}
        title={heading}
        description="Databases arrive with the databases feature: then you create tables here, link one to this app, and add steps that read or save rows. Until then, apps keep their answers in each run’s history."
        action={action}
      />
      <TextField
        label="Linked database"
        readOnly
        value={databaseId ?? 'None'}
        hint={databaseId ? 'This app is linked to this database.' : 'No database is linked to this app yet.'}
      />
    </div>
  );
}
