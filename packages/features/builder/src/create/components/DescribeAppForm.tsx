import { Button, Field } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { checkDescription, DESCRIPTION_MAX_LENGTH } from '../lib/description';
import { EXAMPLE_DESCRIPTIONS } from '../lib/examples';

export interface DescribeAppFormProps {
  readonly value: string;
  readonly onChange: (text: string) => void;
  /** Called with the trimmed description once it passes the length rules. */
  readonly onSubmit: (text: string) => void;
  /** The request is on its way: the button shows progress and the form cannot be sent twice. */
  readonly pending?: boolean;
  /** The button's words (they tell a visitor that sign-up comes next). */
  readonly submitLabel: string;
}

/**
 * The one big box of /create-new-app: "Describe the app you need", examples that fill it, a
 * character counter (1..4000) and the button. Empty or oversized text is refused here, with the
 * limit named, before anything is sent. Picking an example over typed text keeps an Undo.
 */
export function DescribeAppForm({ value, onChange, onSubmit, pending = false, submitLabel }: DescribeAppFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [replaced, setReplaced] = useState<string | null>(null);
  const length = value.trim().length;
  const over = length > DESCRIPTION_MAX_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkDescription(value);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    onSubmit(checked.text);
  };

  const pick = (text: string) => {
    const typed = value.trim();
    const isExample = EXAMPLE_DESCRIPTIONS.some((example) => example.text === typed);
    setReplaced(typed !== '' && !isExample ? value : null);
    setProblem(null);
    onChange(text);
  };

  return (
    <form className="bc-describe" onSubmit={submit} noValidate aria-label="Describe your app">
      <Field
        label="Describe the app you need"
        hint="Who is it for, what do they give it, and what should it give back?"
        error={problem ?? (over ? `A description has at most ${DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters.` : undefined)}
      >
        {(control) => (
          <textarea
            {...control}
            className="af-input af-textarea bc-describe__box"
            rows={8}
            value={value}
            placeholder="For example: an app that turns my class notes into a quiz with answers…"
            onChange={(event) => {
              setProblem(null);
              setReplaced(null);
              onChange(event.target.value);
            }}
            disabled={pending}
          />
        )}
      </Field>
      <p className={over ? 'bc-describe__counter bc-describe__counter--over' : 'bc-describe__counter'} aria-live="polite">
        {length.toLocaleString('en-US')} / {DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters
      </p>

      <div className="bc-describe__examples" role="group" aria-label="Examples">
        <span className="bc-describe__examples-label" aria-hidden="true">
          Try an example:
        </span>
        {EXAMPLE_DESCRIPTIONS.map((example) => (
          <button
            key={example.label}
            type="button"
            className="bc-chip"
            aria-pressed={value.trim() === example.text}
            onClick={() => pick(example.text)}
            disabled={pending}
          >
            {example.label}
          </button>
        ))}
      </div>
      {replaced !== null ? (
        <p className="bc-describe__undo" role="status">
          Your text was replaced by the example.{' '}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              onChange(replaced);
              setReplaced(null);
            }}
          >
            Undo
          </Button>
        </p>
      ) : null}

      <div className="bc-describe__actions">
        <Button type="submit" size="lg" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
