import type { DatabaseColumn, Json } from '@appforge/sdk';
import { convertValue } from '@appforge/sdk';
import { useInsertDatabaseRows } from '@appforge/sdk/react';
import { Button, Dialog, Select, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { TYPE_LABELS } from '../lib/column-types';

export interface AddRowDialogProps {
  tableId: string;
  columns: readonly DatabaseColumn[];
  onAdded?: () => void;
}

/** A yes/no column is a choice, so nobody has to guess which words count as yes. */
const YES_NO_OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** "Add row": a field per column, each checked by its type before anything is sent. */
export function AddRowDialog({ tableId, columns, onAdded }: AddRowDialogProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const insert = useInsertDatabaseRows();

  function submit(event: FormEvent) {
    event.preventDefault();
    const values: Record<string, Json> = {};
    const problems: Record<string, string> = {};
    for (const column of columns) {
      const converted = convertValue(draft[column.name] ?? '', column.type);
      if (!converted.ok) problems[column.name] = converted.message;
      else if (converted.value !== null) values[column.name] = converted.value;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    insert.mutate(
      { tableId, rows: [values] },
      {
        onSuccess: (result) => {
          if (result.inserted === 1) {
            setOpen(false);
            setDraft({});
            onAdded?.();
          }
        },
      },
    );
  }

  const refused = insert.data && insert.data.inserted === 0 ? insert.data.errors[0]?.message : undefined;
  return (
    <Dialog title="Add a row" open={open} onOpenChange={setOpen} trigger={<Button variant="secondary">Add row</Button>}>
      <form onSubmit={submit} className="db-form" noValidate>
        {columns.map((column) =>
          column.type === 'boolean' ? (
            <Select
              key={column.name}
              label={`${column.name} (${TYPE_LABELS[column.type]})`}
              options={YES_NO_OPTIONS}
              placeholder="Not set"
              value={draft[column.name] ?? ''}
              onValueChange={(value) => setDraft({ ...draft, [column.name]: value })}
              error={errors[column.name]}
            />
          ) : (
            <TextField
              key={column.name}
              label={`${column.name} (${TYPE_LABELS[column.type]})`}
              value={draft[column.name] ?? ''}
              onChange={(event) => setDraft({ ...draft, [column.name]: event.target.value })}
              error={errors[column.name]}
            />
          ),
        )}
        {insert.error || refused ? (
          <p role="alert" className="db-error">
            {insert.error?.message ?? refused}
          </p>
        ) : null}
        <div className="db-actions">
          <Button type="submit" loading={insert.isPending}>
            Add the row
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
