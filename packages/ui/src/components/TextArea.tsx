import { clsx } from 'clsx';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { Field } from './Field';
import { useFieldControl } from './field-context';

export interface TextAreaProps extends ComponentProps<'textarea'> {
  /** When given, the textarea is wrapped in a <Field> with this label. */
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

function Area({ className, rows = 4, ...rest }: ComponentProps<'textarea'>) {
  const fallbackId = useId();
  const control = useFieldControl(rest, fallbackId);
  return <textarea rows={rows} {...rest} {...control} className={clsx('af-input', 'af-textarea', className)} />;
}

/** A multi-line text input. Use it inside <Field>, or give it `label` directly. */
export function TextArea({ label, hint, error, ...rest }: TextAreaProps) {
  if (label === undefined) return <Area {...rest} />;
  return (
    <Field label={label} hint={hint} error={error} required={rest.required} id={rest.id}>
      <Area {...rest} />
    </Field>
  );
}
