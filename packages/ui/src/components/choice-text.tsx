import type { ReactNode } from 'react';

/** The label and hint beside a checkbox or switch; the hint id is what the control's aria-describedby names. */
export function ChoiceText({ controlId, hintId, label, hint }: { controlId: string; hintId: string; label?: ReactNode; hint?: ReactNode }) {
  if (label === undefined && !hint) return null;
  return (
    <div className="af-choice__text">
      {label !== undefined ? (
        <label className="af-choice__label" htmlFor={controlId}>
          {label}
        </label>
      ) : null}
      {hint ? (
        <p id={hintId} className="af-choice__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
