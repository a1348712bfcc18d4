import { clsx } from 'clsx';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { Field } from './Field';
import { useFieldControl } from './field-context';

export interface TextFieldProps extends ComponentProps<'input'> {
  /** When given, the input is wrapped in a <Field> with this label. */
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

function Input({ className, ...rest }: ComponentProps<'input'>) {
  const fallbackId = useId();
  const control = useFieldControl(rest, fallbackId);
  return <input type="text" {...rest} {...control} className={clsx('af-input', className)} />;
}

/** A single-line text input. Use it inside <Field>, or give it `label` directly. */
export function TextField({ label, hint, error, ...rest }: TextFieldProps) {
  if (label === undefined) return <Input {...rest} />;
  return (
    <Field label={label} hint={hint} error={error} required={rest.required} id={rest.id}>
      <Input {...rest} />
    </Field>
  );
}
