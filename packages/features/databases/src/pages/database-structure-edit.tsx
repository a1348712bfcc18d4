import type { DatabaseDetail, DatabaseTableInfo } from '@appforge/sdk';
import { useAddDatabaseTable, useDeleteDatabaseTable, useRenameDatabaseTable } from '@appforge/sdk/react';
import { Button, Card, ConfirmDialog, TextField, buttonClassName } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { ColumnsEditor } from '../components/ColumnsEditor';
import { DatabaseFrame } from '../components/DatabaseFrame';

function TableCard({ table, tables }: { table: DatabaseTableInfo; tables: readonly DatabaseTableInfo[] }) {
  const [name, setName] = useState(table.name);
  const rename = useRenameDatabaseTable();
  const remove = useDeleteDatabaseTable();
  return (
    <Card title={table.name} headingLevel={2}>
      <div className="db-stack">
        <form
          className="db-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate({ tableId: table.id, name });
          }}
        >
          <TextField label="Table name" value={name} maxLength={64} onChange={(event) => setName(event.target.value)} error={rename.error?.message} />
          <Button type="submit" variant="secondary" disabled={name.trim() === table.name} loading={rename.isPending}>
            Rename table
          </Button>
        </form>
        <ColumnsEditor table={table} tables={tables} />
        <ConfirmDialog
          title={`Delete the table “${table.name}”?`}
          description="The table and all its rows are deleted. App steps that use it stop working. Type the table’s name to confirm."
          confirmationText={table.name}
          confirmationLabel="Name of the table"
          confirmLabel="Delete table"
          destructive
          onConfirm={() => remove.mutateAsync(table.id)}
          trigger={<Button variant="danger">Delete table</Button>}
        />
        {remove.error ? (
          <p role="alert" className="db-error">
            {remove.error.message}
          </p>
        ) : null}
      </div>
    </Card>
  );
}

function AddTable({ databaseId }: { databaseId: string }) {
  const [name, setName] = useState('');
  const add = useAddDatabaseTable();
  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate({ databaseId, name, columns: [{ name: 'Name', type: 'text' }] }, { onSuccess: () => setName('') });
  }
  return (
    <form className="db-inline-form" onSubmit={submit} aria-label="Add a table">
      <TextField label="New table name" value={name} maxLength={64} onChange={(event) => setName(event.target.value)} error={add.error?.message} />
      <Button type="submit" disabled={name.trim() === ''} loading={add.isPending}>
        Add table
      </Button>
    </form>
  );
}

function EditStructure({ database }: { database: DatabaseDetail }) {
  return (
    <div className="db-stack">
      <p>Changes to columns are previewed first: you see what happens to the existing rows before anything is saved. A value that does not fit a new type is never dropped; it is kept as text in a new column.</p>
      {database.tables.map((table) => (
        <TableCard key={table.id} table={table} tables={database.tables} />
      ))}
      <AddTable databaseId={database.id} />
    </div>
  );
}

/** `/database/:databaseId/structure/edit` — tables and columns, each change previewed before it is saved. */
export function Component() {
  return (
    <DatabaseFrame
      section="Structure"
      actions={(database) => (
        <Link className={buttonClassName({ variant: 'secondary' })} to={`/database/${database.id}/structure`}>
          Done
        </Link>
      )}
    >
      {(database) => <EditStructure database={database} />}
    </DatabaseFrame>
  );
}
