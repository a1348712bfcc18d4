import type { FieldError, FileValue, InputField, JsonValue } from '@appforge/engine';
import { Button, Field } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';

export interface RunInputFormProps {
  readonly title: string;
  readonly intro: string | null;
  readonly submitLabel: string | null;
  readonly fields: readonly InputField[];
  /** Why the last answers were refused, per field name. */
  readonly errors: readonly FieldError[];
  readonly pending: boolean;
  readonly onSubmit: (values: Record<string, JsonValue>) => void;
}

type Draft = Record<string, string | boolean | FileValue | null>;

function initialDraft(fields: readonly InputField[]): Draft {
  const draft: Draft = {};
  for (const field of fields) draft[field.name] = field.type === 'yes_no' ? false : field.type === 'file' ? null : '';
  return draft;
}

/** The values as the run expects them: numbers as numbers, blanks left out for the engine to judge. */
function valuesOf(fields: readonly InputField[], draft: Draft): Record<string, JsonValue> {
  const values: Record<string, JsonValue> = {};
  for (const field of fields) {
    const raw = draft[field.name];
    if (raw === undefined || raw === null || raw === '') continue;
    if (field.type === 'number' && typeof raw === 'string') {
      const number = Number(raw);
      values[field.name] = Number.isFinite(number) ? number : raw;
    } else if (typeof raw === 'object') {
      values[field.name] = { name: raw.name, mimeType: raw.mimeType, size: raw.size, ...(raw.text === undefined ? {} : { text: raw.text }) };
    } else {
      values[field.name] = raw;
    }
  }
  return values;
}

async function readFile(file: File): Promise<FileValue> {
  const textual = file.type.startsWith('text/') || /\.(txt|md|csv|json)$/i.test(file.name);
  return { name: file.name, mimeType: file.type || 'application/octet-stream', size: file.size, ...(textual ? { text: await file.text() } : {}) };
}

/** The form an input step asks for, with the engine's reasons under each refused field. */
export function RunInputForm({ title, intro, submitLabel, fields, errors, pending, onSubmit }: RunInputFormProps) {
  const [draft, setDraft] = useState<Draft>(() => initialDraft(fields));
  const errorOf = (name: string) => errors.find((error) => error.field === name)?.message;
  const set = (name: string, value: Draft[string]) => setDraft((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit(valuesOf(fields, draft));
  };

  return (
    <form className="bc-run-form" onSubmit={submit} noValidate aria-label={title}>
      <h3>{title}</h3>
      {intro !== null && intro !== '' ? <p>{intro}</p> : null}
      {fields.map((field) => {
        const value = draft[field.name];
        return (
          <Field key={field.name} label={field.label} hint={field.help} error={errorOf(field.name)} required={field.required}>
            {(control) => {
              switch (field.type) {
                case 'text':
                  return (
                    <input
                      {...control}
                      className="af-input"
                      type="text"
                      value={typeof value === 'string' ? value : ''}
                      placeholder={field.placeholder}
                      onChange={(event) => set(field.name, event.target.value)}
                    />
                  );
                case 'long_text':
                  return (
                    <textarea
                      {...control}
                      className="af-input af-textarea"
                      rows={4}
                      value={typeof value === 'string' ? value : ''}
                      placeholder={field.placeholder}
                      onChange={(event) => set(field.name, event.target.value)}
                    />
                  );
                case 'number':
                  return (
                    <input
                      {...control}
                      className="af-input"
                      type="number"
                      inputMode="decimal"
                      value={typeof value === 'string' ? value : ''}
                      placeholder={field.placeholder}
                      onChange={(event) => set(field.name, event.target.value)}
                    />
                  );
                case 'choice':
                  return (
                    <select
                      {...control}
                      className="af-input bc-select"
                      value={typeof value === 'string' ? value : ''}
                      onChange={(event) => set(field.name, event.target.value)}
                    >
                      <option value="">Choose…</option>
                      {field.options.map((option) => (
                        <option key={option} value={option}>
                          {option}
                        </option>
                      ))}
                    </select>
                  );
                case 'yes_no':
                  return (
                    <input {...control} type="checkbox" className="bc-checkbox" checked={value === true} onChange={(event) => set(field.name, event.target.checked)} />
                  );
                case 'file':
                  return (
                    <input
                      {...control}
                      type="file"
                      className="bc-file"
                      accept={field.accept?.join(',')}
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        if (file === undefined) set(field.name, null);
                        else void readFile(file).then((read) => set(field.name, read));
                      }}
                    />
                  );
              }
            }}
          </Field>
        );
      })}
      <div className="bc-actions">
        <Button type="submit" loading={pending}>
          {submitLabel ?? 'Continue'}
        </Button>
      </div>
    </form>
  );
}
