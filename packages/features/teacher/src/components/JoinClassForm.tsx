import { messageOf } from '@appforge/sdk';
import { Button, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { joinCodeSchema } from '../lib/schemas';

export interface JoinClassFormProps {
  /** Joins with a normalised code; a rejection's message (wrong code, too many tries…) is shown. */
  onJoin: (code: string) => Promise<unknown>;
  defaultCode?: string;
}

/** "Join a class": the code from the teacher. */
export function JoinClassForm({ onJoin, defaultCode = '' }: JoinClassFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = joinCodeSchema.safeParse(new FormData(form).get('code') ?? '');
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the code.');
      return;
    }
    setError(null);
    setJoining(true);
    try {
      await onJoin(parsed.data);
      form.reset();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setJoining(false);
    }
  };

  return (
    <form className="teacher-join-form" aria-label="Join a class" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="Class code"
        name="code"
        defaultValue={defaultCode}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={16}
        placeholder="e.g. K7PQ2XMA"
        error={error ?? undefined}
        required
      />
      <Button type="submit" loading={joining}>
        Join class
      </Button>
    </form>
  );
}
