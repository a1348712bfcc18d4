import type { DatabaseDetail } from '@appforge/sdk';
import { useAppforge, useDatabaseApps, useDeleteDatabase, useUpdateDatabase } from '@appforge/sdk/react';
import { Button, Card, ConfirmDialog, TextArea, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { DatabaseFrame } from '../components/DatabaseFrame';
import { download } from '../lib/csv-export';
import { databaseZip } from '../lib/export-zip';

function Settings({ database }: { database: DatabaseDetail }) {
  const [name, setName] = useState(database.name);
  const [description, setDescription] = useState(database.description);
  const update = useUpdateDatabase();
  const remove = useDeleteDatabase();
  const apps = useDatabaseApps(database.id);
  const client = useAppforge();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState<string | null>(null);
  const using = apps.data ?? [];

  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate({ databaseId: database.id, patch: { name, description } });
  }

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
        <form className="db-form" onSubmit={save}>
          <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />
          <TextArea label="Description" value={description} onChange={(event) => setDescription(event.target.value)} maxLength={2000} />
          {update.error ? (
            <p role="alert" className="db-error">
              {update.error.message}
            </p>
          ) : null}
          {update.isSuccess ? <p role="status">Saved.</p> : null}
          <div className="db-actions">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </div>
        </form>
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
