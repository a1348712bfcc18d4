import { messageOf } from '@appforge/sdk';
import { Button, Dialog, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { displayNameSchema } from '../lib/schemas';

export interface RenameMemberDialogProps {
  currentName: string;
  onRename: (displayName: string) => Promise<unknown>;
}

/** Rename a student as the class sees them (their account keeps its own name). */
export function RenameMemberDialog({ currentName, onRename }: RenameMemberDialogProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = displayNameSchema.safeParse(new FormData(event.currentTarget).get('displayName') ?? '');
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a name.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onRename(parsed.data);
      setOpen(false);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      title={`Rename ${currentName}`}
      description="The name the class shows for this student. Other students never see it."
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      trigger={
        <Button variant="secondary" size="sm">
          Rename <span className="af-visually-hidden">{currentName}</span>
        </Button>
      }
    >
      <form className="teacher-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Name in this class" name="displayName" defaultValue={currentName} maxLength={80} required error={error ?? undefined} autoComplete="off" />
        <div className="teacher-actions">
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save name
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
