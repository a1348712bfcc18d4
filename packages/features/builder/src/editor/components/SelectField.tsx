import { useId } from 'react';
import type { ReactNode } from 'react';

export interface SelectFieldOption {
  readonly value: string;
  readonly label: string;
}

export interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectFieldOption[];
  onChange: (value: string) => void;
  /** Given to the field's select; one is made up when absent. */
  id?: string;
  /** Shown (and selectable) while the value is empty, e.g. "Choose a table". */
  placeholder?: string;
  /** Always offered first with the empty value, e.g. "Nothing" for a column left empty. */
  emptyOption?: string;
  /** The words for a value that is not among the options, so it stays visible until changed. */
  unknownLabel?: (value: string) => string;
  hint?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * A labelled native select as the step editor uses them: the keyboard and screen readers get the
 * platform's own control, a value no longer among the options stays shown (never silently
 * replaced), and a hint and an error are tied to the control.
 */
export function SelectField({ label, value, options, onChange, id, placeholder, emptyOption, unknownLabel, hint, error, disabled }: SelectFieldProps) {
  const madeUp = useId();
  const selectId = id ?? madeUp;
  const known = options.some((option) => option.value === value);
  const describedBy = [hint ? `${selectId}-hint` : '', error ? `${selectId}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`af-field${error ? ' af-field--invalid' : ''}`}>
      <label className="af-field__label" htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className="af-input editor-select"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
        {emptyOption === undefined && value === '' && placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {!known && value !== '' && unknownLabel ? <option value={value}>{unknownLabel(value)}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p className="af-field__hint" id={`${selectId}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="af-field__error" id={`${selectId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
