import { databaseNameSchema, messageOf } from '@appforge/sdk';
import type { DatabaseDetail } from '@appforge/sdk';
import { useAppforge, useDatabaseApps, useDeleteDatabase, useUpdateDatabase } from '@appforge/sdk/react';
import { Button, Card, ConfirmDialog, Form, FormField, SubmitButton, TextArea } from '@appforge/ui';
import { UnsavedChangesGuard } from '@appforge/ui/router';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { DatabaseFrame } from '../components/DatabaseFrame';
import { download } from '../lib/csv-export';
import { databaseZip } from '../lib/export-zip';

const settingsSchema = z.object({
  name: databaseNameSchema,
  description: z.string().max(2000, 'A description has at most 2000 characters.'),
});

function Settings({ database }: { database: DatabaseDetail }) {
  const update = useUpdateDatabase();
  const remove = useDeleteDatabase();
  const apps = useDatabaseApps(database.id);
  const client = useAppforge();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState<string | null>(null);
  const using = apps.data ?? [];

  async function exportZip() {
    setExporting('Preparing the export…');
    try {
      const zip = await databaseZip(client, database);
      download(`${database.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'database'}.zip`, zip, 'application/zip');
      setExporting(null);
    } catch (error) {
      setExporting(`The export failed: ${error instanceof Error ? error.message : 'try again'}.`);
    }
  }

  return (
    <div className="db-stack">
      <Card title="Name and description" headingLevel={2}>
        <Form
          className="db-form"
          aria-label="Name and description"
          schema={settingsSchema}
          defaultValues={{ name: database.name, description: database.description }}
          onSubmit={(patch) => update.mutateAsync({ databaseId: database.id, patch })}
          messageOf={messageOf}
          successMessage="Saved."
        >
          <UnsavedChangesGuard />
          <FormField name="name" label="Name" required maxLength={100} />
          <FormField name="description" label="Description">
            {({ value, ...control }) => <TextArea {...control} value={value as string} maxLength={2000} />}
          </FormField>
          <div className="db-actions">
            <SubmitButton>Save</SubmitButton>
          </div>
        </Form>
      </Card>
      <Card title="Apps using this database" headingLevel={2}>
        {using.length === 0 ? (
          <p>No app uses this database.</p>
        ) : (
          <ul className="db-list">
            {using.map((app) => (
              <li key={app.id}>
                <Link to={`/create-app/${app.id}`}>{app.name}</Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Export" headingLevel={2}>
        <p>Download every table as a CSV file, with schema.json describing the tables and their columns, in one ZIP file.</p>
        <div className="db-actions">
          <Button variant="secondary" onClick={() => void exportZip()} loading={exporting === 'Preparing the export…'}>
            Export as ZIP
          </Button>
        </div>
        {exporting && exporting !== 'Preparing the export…' ? (
          <p role="alert" className="db-error">
            {exporting}
          </p>
        ) : null}
      </Card>
      <Card title="Delete this database" headingLevel={2}>
        <p>Deleting removes every table and row. It cannot be undone.</p>
        <ConfirmDialog
          title={`Delete “${database.name}”?`}
          description={
            using.length > 0
              ? `These apps use it and will lose their data: ${using.map((app) => app.name).join(', ')}. Their database steps stop working until you link another database. Type the database’s name to confirm.`
              : 'Every table and row goes. Type the database’s name to confirm.'
          }
          confirmationText={database.name}
          confirmationLabel="Name of the database"
          confirmLabel="Delete database"
          destructive
          onConfirm={() => remove.mutateAsync(database.id).then(() => void navigate('/databases'))}
          trigger={<Button variant="danger">Delete database</Button>}
        />
        {remove.error ? (
          <p role="alert" className="db-error">
            {remove.error.message}
          </p>
        ) : null}
      </Card>
    </div>
  );
}

/** `/database/:databaseId/settings` — name, description, apps using it, ZIP export, delete. */
export function Component() {
  return <DatabaseFrame section="Settings">{(database) => <Settings key={database.updated_at} database={database} />}</DatabaseFrame>;
}
