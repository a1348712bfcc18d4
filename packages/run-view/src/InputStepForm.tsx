import type { InputField, JsonValue } from '@appforge/engine';
import { Button } from '@appforge/ui';
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { checkAnswers } from './answers';
import type { Draft, DraftValue } from './answers';
import { AnswerField } from './AnswerField';

export interface InputStepFormProps {
  /** The input step's title, shown as the form's heading. */
  title: string;
  intro?: string | undefined;
  fields: readonly InputField[];
  submitLabel?: string | undefined;
  /** The visitor's answers so far (kept by the page so that nothing typed is lost). */
  draft: Draft;
  onDraftChange: (draft: Draft) => void;
  /** Why the server refused the last answers, by field name. */
  serverErrors?: Readonly<Record<string, string>> | undefined;
  /** True while the answers are on their way: the form cannot be sent twice. */
  busy?: boolean;
  /** Called with the checked, typed values once every answer passes the engine's rules. */
  onSubmit: (values: Record<string, JsonValue>) => void;
}

/**
 * An input step as a real form: labelled controls, required marks, the engine's own validation
 * run in the browser before anything is sent, every problem shown beside its field and counted in
 * a summary that is announced, and focus moved to the first field to fix.
 */
export function InputStepForm({ title, intro, fields, submitLabel, draft, onDraftChange, serverErrors, busy = false, onSubmit }: InputStepFormProps) {
  const prefix = useId();
  const headingId = `${prefix}-heading`;
  const formRef = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Server errors show until the visitor changes that answer.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const controlId = (name: string) => `${prefix}-${name}`;

  const errorOf = (name: string): string | undefined => fieldErrors[name] ?? (edited.has(name) ? undefined : serverErrors?.[name]);
  const shownErrors = fields.map((field) => errorOf(field.name)).filter((e): e is string => e !== undefined);

  const change = (name: string, value: DraftValue) => {
    onDraftChange({ ...draft, [name]: value });
    setEdited((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
    if (fieldErrors[name] !== undefined) {
      const { [name]: _dropped, ...rest } = fieldErrors;
      setFieldErrors(rest);
    }
    setFormError(null);
  };

  const focusField = (name: string) => {
    const element = formRef.current?.querySelector<HTMLElement>(`[id="${CSS.escape(controlId(name))}"]`);
    const target = element instanceof HTMLFieldSetElement ? element.querySelector<HTMLElement>('input') : element;
    target?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const result = checkAnswers(fields, draft);
    if (!result.ok) {
      setFieldErrors(result.fieldErrors);
      setFormError(result.formError);
      const first = fields.find((field) => result.fieldErrors[field.name] !== undefined);
      if (first) focusField(first.name);
      return;
    }
    setFieldErrors({});
    setFormError(null);
    setEdited(new Set());
    onSubmit(result.values);
  };

  const problems = shownErrors.length;
  return (
    <form ref={formRef} className="visitor-form" aria-labelledby={headingId} noValidate onSubmit={submit}>
      <h2 id={headingId} className="visitor-form__title">
        {title}
      </h2>
      {intro ? <p className="visitor-form__intro">{intro}</p> : null}
      <div role="alert" className="visitor-form__summary-region">
        {problems > 0 ? (
          <p className="visitor-form__summary">
            {problems === 1 ? 'One answer needs your attention.' : `${problems} answers need your attention.`}
          </p>
        ) : null}
        {formError !== null ? <p className="visitor-form__summary">{formError}</p> : null}
      </div>
      {fields.map((field) => (
        <AnswerField
          key={field.name}
          field={field}
          id={controlId(field.name)}
          value={draft[field.name] ?? (field.type === 'file' ? null : '')}
          error={errorOf(field.name)}
          disabled={busy}
          onChange={(value) => change(field.name, value)}
        />
      ))}
      <div className="visitor-form__actions">
        <Button type="submit" loading={busy}>
          {submitLabel ?? 'Run'}
        </Button>
      </div>
    </form>
  );
}
