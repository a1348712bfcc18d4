import type { FileValue, InputField } from '@appforge/engine';
import { DEFAULT_MAX_LENGTH } from '@appforge/engine/inputs';
import { Field, TextArea, TextField } from '@appforge/ui';
import type { ChangeEvent } from 'react';
import { useState } from 'react';
import { formatBytes, readFileValue } from './answers';
import type { DraftValue } from './answers';

export interface AnswerFieldProps {
  field: InputField;
  /** Unique id of the control (labels, hints and errors hang off it). */
  id: string;
  value: DraftValue;
  error?: string | undefined;
  disabled?: boolean;
  onChange: (value: DraftValue) => void;
}

/** Choice fields with up to this many options show as radio buttons, longer lists as a select. */
const RADIO_LIMIT = 6;

function textOf(value: DraftValue): string {
  return typeof value === 'string' ? value : '';
}

function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

interface GroupProps {
  id: string;
  legend: string;
  required: boolean;
  hint?: string | undefined;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** A set of radio buttons in a fieldset: arrow keys move between them, as in every browser. */
function RadioGroup({ id, legend, required, hint, error, options, value, disabled, onChange }: GroupProps) {
  const describe = describedBy(id, hint !== undefined, error !== undefined);
  return (
    <fieldset className="visitor-radio-group" id={id} aria-describedby={describe} data-invalid={error !== undefined || undefined}>
      <legend className="af-field__label">
        {legend}
        {required ? (
          <span className="af-field__required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </legend>
      <div className="visitor-radio-group__options">
        {options.map((option, index) => (
          <label key={option.value} className="visitor-radio">
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              required={required && index === 0}
              aria-invalid={error !== undefined || undefined}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {hint !== undefined ? (
        <p id={`${id}-hint`} className="af-field__hint">
          {hint}
        </p>
      ) : null}
      {error !== undefined ? (
        <p id={`${id}-error`} className="af-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function FileControl({ field, id, value, error, disabled, onChange }: AnswerFieldProps & { field: Extract<InputField, { type: 'file' }> }) {
  const [reading, setReading] = useState(false);
  const file: FileValue | null = value !== null && typeof value === 'object' ? value : null;
  const accepts = field.accept && field.accept.length > 0 ? field.accept : null;
  const limits = `${accepts ? `${accepts.join(', ')} · ` : ''}up to ${formatBytes(field.maxBytes)}`;
  const hint = [field.help, limits].filter(Boolean).join(' — ');
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    if (!picked) {
      onChange(null);
      return;
    }
    setReading(true);
    try {
      onChange(await readFileValue(picked, field.maxBytes));
    } finally {
      setReading(false);
    }
  };
  return (
    <Field label={field.label} hint={hint} error={error} required={field.required} id={id}>
      {(control) => (
        <>
          <input
            {...control}
            type="file"
            name={field.name}
            className="visitor-file-input"
            accept={accepts?.join(',')}
            disabled={disabled || reading}
            onChange={(event) => void pick(event)}
          />
          {file ? (
            <p className="visitor-file-chosen">
              {file.name} ({formatBytes(file.size)}){file.text === undefined && file.size <= field.maxBytes ? ' — the app receives its name, type and size' : ''}
            </p>
          ) : null}
        </>
      )}
    </Field>
  );
}

/**
 * One question of an input step as a labelled form control: text, long text (with a character
 * count), number, choice (radio buttons or a select), yes/no (two radio buttons) or file. The
 * visitor's answer is a draft value; the form checks all answers together with the engine's rules.
 */
export function AnswerField(props: AnswerFieldProps) {
  const { field, id, value, error, disabled = false, onChange } = props;
  // What the text-like controls (text, long text, number) share.
  const textLike = { id, name: field.name, label: field.label, error, required: field.required, disabled };
  switch (field.type) {
    case 'text':
      return (
        <TextField
          {...textLike}
          hint={field.help}
          placeholder={field.placeholder}
          value={textOf(value)}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'long_text': {
      const text = textOf(value);
      const max = field.maxLength ?? DEFAULT_MAX_LENGTH.long_text;
      const count = `${text.length.toLocaleString()} / ${max.toLocaleString()} characters`;
      return (
        <TextArea
          {...textLike}
          hint={field.help ? `${field.help} (${count})` : count}
          placeholder={field.placeholder}
          value={text}
          rows={6}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    }
    case 'number':
      return (
        <TextField
          {...textLike}
          hint={field.help}
          placeholder={field.placeholder}
          type="number"
          inputMode={field.integer ? 'numeric' : 'decimal'}
          min={field.min}
          max={field.max}
          step={field.integer ? 1 : 'any'}
          value={textOf(value)}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'choice': {
      const options = field.options.map((option) => ({ value: option, label: option }));
      if (options.length <= RADIO_LIMIT) {
        return (
          <RadioGroup
            id={id}
            legend={field.label}
            required={field.required}
            hint={field.help}
            error={error}
            options={options}
            value={textOf(value)}
            disabled={disabled}
            onChange={onChange}
          />
        );
      }
      return (
        <Field label={field.label} hint={field.help} error={error} required={field.required} id={id}>
          {(control) => (
            <select {...control} name={field.name} className="af-input" value={textOf(value)} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
              <option value="">{field.placeholder ?? 'Choose…'}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
    }
    case 'yes_no':
      return (
        <RadioGroup
          id={id}
          legend={field.label}
          required={field.required}
          hint={field.help}
          error={error}
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          value={textOf(value)}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case 'file':
      return <FileControl {...props} field={field} />;
  }
}
