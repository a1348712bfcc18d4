import type { FileValue, InputField, JsonValue } from '@appforge/engine';
import { Button, Field } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';

export interface PreviewInputFormProps {
  readonly title: string;
  readonly fields: readonly InputField[];
  /** Why the engine refused the last answers. */
  readonly errors: readonly { readonly field: string; readonly message: string }[];
  readonly busy: boolean;
  readonly onSubmit: (values: Record<string, JsonValue>) => void;
}

type Value = string | boolean | FileValue | null;

function blank(field: InputField): Value {
  if (field.type === 'yes_no') return false;
  return field.type === 'file' ? null : '';
}

/** Numbers as numbers; blanks left out so the engine says what is required, in its words. */
export function formValues(fields: readonly InputField[], values: Readonly<Record<string, Value>>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    if (field.type === 'number' && typeof value === 'string') {
      const number = Number(value);
      out[field.name] = Number.isFinite(number) ? number : value;
    } else if (typeof value === 'object') {
      out[field.name] = { name: value.name, mimeType: value.mimeType, size: value.size, ...(value.text === undefined ? {} : { text: value.text }) };
    } else {
      out[field.name] = value;
    }
  }
  return out;
}

async function readFile(file: File): Promise<FileValue> {
  const textual = file.type.startsWith('text/') || /\.(txt|md|csv|json)$/i.test(file.name);
  return { name: file.name, mimeType: file.type || 'application/octet-stream', size: file.size, ...(textual ? { text: await file.text() } : {}) };
}

/** The form an input step asks for in the preview, with the engine's reason under a refused field. */
export function PreviewInputForm({ title, fields, errors, busy, onSubmit }: PreviewInputFormProps) {
  const [values, setValues] = useState<Record<string, Value>>(() => Object.fromEntries(fields.map((field) => [field.name, blank(field)])));
  const set = (name: string, value: Value) => setValues((current) => ({ ...current, [name]: value }));
  const errorOf = (name: string) => errors.find((error) => error.field === name)?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit(formValues(fields, values));
  };

  return (
    <form className="aib-run-form" aria-label={title} onSubmit={submit} noValidate>
      <h3 className="aib-run-form__title">{title}</h3>
      {fields.map((field) => {
        const value = values[field.name];
        const text = typeof value === 'string' ? value : '';
        return (
          <Field key={field.name} label={field.label} hint={field.help} error={errorOf(field.name)} required={field.required}>
            {(control) => {
              switch (field.type) {
                case 'text':
                case 'number':
                  return (
                    <input
                      {...control}
                      className="af-input"
                      type={field.type === 'number' ? 'number' : 'text'}
                      inputMode={field.type === 'number' ? 'decimal' : undefined}
                      value={text}
                      placeholder={field.placeholder}
                      onChange={(event) => set(field.name, event.target.value)}
                    />
                  );
                case 'long_text':
                  return (
                    <textarea
                      {...control}
                      className="af-input af-textarea"
                      rows={3}
                      value={text}
                      placeholder={field.placeholder}
                      onChange={(event) => set(field.name, event.target.value)}
                    />
                  );
                case 'choice':
                  return (
                    <select {...control} className="af-input" value={text} onChange={(event) => set(field.name, event.target.value)}>
                      <option value="">Choose…</option>
                      {field.options.map((option) => (
                        <option key={option} value={option}>
                          {option}
                        </option>
                      ))}
                    </select>
                  );
                case 'yes_no':
                  return <input {...control} type="checkbox" checked={value === true} onChange={(event) => set(field.name, event.target.checked)} />;
                case 'file':
                  return (
                    <input
                      {...control}
                      type="file"
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
      <div className="aib-actions">
        <Button type="submit" loading={busy}>
          Continue
        </Button>
      </div>
    </form>
  );
}
