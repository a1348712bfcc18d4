import { useId } from 'react';
import type { ReactNode } from 'react';

export interface ChoiceOption<V extends string> {
  value: V;
  label: ReactNode;
  /** A sentence under the label that says what choosing it means. */
  description?: ReactNode;
}

export interface ChoiceGroupProps<V extends string> {
  legend: ReactNode;
  name: string;
  value: V;
  options: readonly ChoiceOption<V>[];
  onChange: (value: V) => void;
  error?: string | undefined;
  hint?: ReactNode;
  /** 'row' lays short options side by side (they wrap on a phone). */
  direction?: 'row' | 'column';
  disabled?: boolean;
}

/**
 * Radio buttons in a fieldset: arrow keys move between options (native radio behaviour), each
 * option's description is read with it, and the error is tied to the group.
 */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  hint,
  direction = 'column',
  disabled = false,
}: ChoiceGroupProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`settings-choices settings-choices--${direction}`} aria-describedby={describedBy}>
      <legend className="af-field__label">{legend}</legend>
      {hint ? (
        <p id={hintId} className="af-field__hint">
          {hint}
        </p>
      ) : null}
      <div className="settings-choices__options">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label key={option.value} className="settings-choice" htmlFor={optionId}>
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                disabled={disabled}
                onChange={() => onChange(option.value)}
                // The whole card is the click target; the name is the label alone, the sentence its description.
                aria-labelledby={`${optionId}-label`}
                aria-describedby={option.description ? `${optionId}-description` : undefined}
              />
              <span className="settings-choice__text">
                <span id={`${optionId}-label`} className="settings-choice__label">
                  {option.label}
                </span>
                {option.description ? (
                  <span id={`${optionId}-description`} className="settings-choice__description">
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="af-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
