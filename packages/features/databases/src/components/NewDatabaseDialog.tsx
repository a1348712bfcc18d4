import { useCreateDatabase } from '@appforge/sdk/react';
import { Button, Dialog, TextArea, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';

/** "New database": a name and what it is for; opens the new database's structure to add a table. */
export function NewDatabaseDialog() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useCreateDatabase();
  const navigate = useNavigate();
  const error = create.error;

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { name, description, tables: [{ name: 'Table 1', columns: [{ name: 'Name', type: 'text' }] }] },
      { onSuccess: (database) => void navigate(`/database/${database.id}/structure/edit`) },
    );
  }

  return (
    <Dialog
      title="New database"
      description="A database keeps what your apps read and write, in tables with typed columns."
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>New database</Button>}
    >
      <form onSubmit={submit} className="db-form">
        <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} error={error?.message} />
        <TextArea label="What is it for? (optional)" value={description} onChange={(event) => setDescription(event.target.value)} maxLength={2000} />
        <div className="db-actions">
          <Button type="submit" loading={create.isPending}>
            Create database
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
