import { messageOf } from '@appforge/sdk';
import { Button, Select, TextArea, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { fromLocalInput } from '../lib/format';
import { instructionsSchema } from '../lib/schemas';
import type { AssignableItem, NewAssignmentInput } from '../lib/types';

export interface AssignFormProps {
  items: readonly AssignableItem[];
  onAssign: (input: NewAssignmentInput) => Promise<unknown>;
}

function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

function optionLabel(item: AssignableItem): string {
  return `${item.kind === 'app' ? 'App' : 'Bundle'}: ${item.name}${item.own ? '' : ' (public)'}`;
}

/** Assign one of the teacher's apps or bundles, or a public one, with instructions and dates. */
export function AssignForm({ items, onAssign }: AssignFormProps) {
  const [choice, setChoice] = useState('');
  const [errors, setErrors] = useState<{ item?: string; instructions?: string; dates?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const item = items.find((candidate) => `${candidate.kind}:${candidate.id}` === choice);
    const instructions = instructionsSchema.safeParse(form.get('instructions') ?? '');
    const opensAt = fromLocalInput(textField(form, 'opensAt'));
    const dueAt = fromLocalInput(textField(form, 'dueAt'));
    const next: typeof errors = {};
    if (item === undefined) next.item = 'Choose an app or a bundle to assign.';
    if (!instructions.success) next.instructions = instructions.error.issues[0]?.message ?? 'Check the instructions.';
    if (opensAt !== null && dueAt !== null && Date.parse(dueAt) < Date.parse(opensAt)) next.dates = 'The due date comes before the day it opens.';
    setErrors(next);
    if (item === undefined || !instructions.success || next.dates !== undefined) return;
    setSaving(true);
    setFailure(null);
    try {
      await onAssign({ kind: item.kind, id: item.id, instructions: instructions.data, opens_at: opensAt, due_at: dueAt });
      setChoice('');
      setFormKey((key) => key + 1);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form key={formKey} className="teacher-form" aria-label="Assign an app or bundle" onSubmit={(event) => void submit(event)} noValidate>
      <Select
        label="App or bundle"
        placeholder={items.length === 0 ? 'You have no apps or bundles yet' : 'Choose one'}
        options={items.map((item) => ({ value: `${item.kind}:${item.id}`, label: optionLabel(item) }))}
        value={choice}
        onValueChange={setChoice}
        error={errors.item}
        disabled={items.length === 0}
        required
      />
      <TextArea label="Instructions" name="instructions" rows={3} maxLength={4000} hint="What students should do with it (optional)." error={errors.instructions} />
      <div className="teacher-form__row">
        <TextField type="datetime-local" label="Opens" name="opensAt" hint="Empty: open now" />
        <TextField type="datetime-local" label="Due" name="dueAt" hint="Late work is still accepted" error={errors.dates} />
      </div>
      {failure !== null ? (
        <p role="alert" className="teacher-error">
          {failure}
        </p>
      ) : null}
      <div className="teacher-actions">
        <Button type="submit" loading={saving} disabled={items.length === 0}>
          Assign
        </Button>
      </div>
    </form>
  );
}
