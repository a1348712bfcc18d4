import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';
import { FieldContext, type FieldControlProps } from './field-context';

export interface FieldProps {
  label: ReactNode;
  /** Help text under the control; linked with aria-describedby. */
  hint?: ReactNode;
  /** Error message; marks the control aria-invalid and is linked with aria-describedby. */
  error?: ReactNode;
  required?: boolean;
  /** The control's id (generated when omitted). */
  id?: string;
  className?: string;
  /** A control from this package, or a function that receives the props to spread on any control. */
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
}

/** Label, hint and error for one form control, wired up for assistive technology. */
export function Field({ label, hint, error, required = false, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `af-field-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ');
  const control: FieldControlProps = {
    id: controlId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(hasError ? { 'aria-invalid': true as const } : {}),
    ...(required ? { required } : {}),
  };
  return (
    <div className={clsx('af-field', hasError && 'af-field--invalid', className)}>
      <label className="af-field__label" htmlFor={controlId}>
        {label}
        {required ? (
          <span className="af-field__required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      <FieldContext value={control}>{typeof children === 'function' ? children(control) : children}</FieldContext>
      {hint ? (
        <p id={hintId} className="af-field__hint">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} className="af-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
