import { useId } from 'react';

export interface NativeSelectProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  hint?: string;
}

/** A labelled native select (works with the keyboard, screen readers and form tests alike). */
export function NativeSelect({ label, value, options, onChange, hint }: NativeSelectProps) {
  const id = useId();
  return (
    <div className="af-field">
      <label className="af-field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="af-input apis-select" value={value} onChange={(event) => onChange(event.target.value)} aria-describedby={hint ? `${id}-hint` : undefined}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="af-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
