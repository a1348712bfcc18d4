import { messageOf } from '@appforge/sdk';
import { Button, Dialog, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { newClassSchema } from '../lib/schemas';
import type { NewClassInput } from '../lib/types';

export interface CreateClassDialogProps {
  /** Creates the class; a rejection's message is shown in the dialog, which stays open. */
  onCreate: (input: NewClassInput) => Promise<unknown>;
  /** The button's text (the empty state says it differently). */
  triggerLabel?: string;
}

type FieldErrors = Partial<Record<'name' | 'subject' | 'grade', string>>;

/** "New class": name (required), subject and grade; the server sets the join code. */
export function CreateClassDialog({ onCreate, triggerLabel = 'New class' }: CreateClassDialogProps) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = newClassSchema.safeParse({
      name: form.get('name') ?? '',
      subject: form.get('subject') ?? '',
      grade: form.get('grade') ?? '',
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'name' || key === 'subject' || key === 'grade') && next[key] === undefined) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      await onCreate(parsed.data);
      setOpen(false);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      title="New class"
      description="Students join it with a code or a link you share with them."
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setErrors({});
          setFailure(null);
        }
      }}
      trigger={<Button>{triggerLabel}</Button>}
    >
      <form className="teacher-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Class name" name="name" required maxLength={120} error={errors.name} autoComplete="off" placeholder="e.g. 7B Science" />
        <TextField label="Subject" name="subject" maxLength={120} error={errors.subject} hint="Optional" autoComplete="off" />
        <TextField label="Grade" name="grade" maxLength={40} error={errors.grade} hint="Optional" autoComplete="off" />
        {failure !== null ? (
          <p role="alert" className="teacher-error">
            {failure}
          </p>
        ) : null}
        <div className="teacher-actions">
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Create class
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
