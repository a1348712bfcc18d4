import { clsx } from 'clsx';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { ChoiceText } from './choice-text';
import { useFieldControl } from './field-context';
import { CheckIcon } from './icons';

export interface CheckboxProps extends Omit<ComponentProps<typeof CheckboxPrimitive.Root>, 'children' | 'asChild'> {
  /** The visible label beside the box. Without it, pass aria-label. */
  label?: ReactNode;
  /** Help text under the label, linked with aria-describedby. */
  hint?: ReactNode;
}

export function Checkbox({ label, hint, className, ...rest }: CheckboxProps) {
  const fallbackId = useId();
  const control = useFieldControl(rest, fallbackId);
  const hintId = `${control.id}-hint`;
  const describedBy = [control['aria-describedby'], hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('af-choice', className)}>
      <CheckboxPrimitive.Root {...rest} {...control} aria-describedby={describedBy} className="af-checkbox">
        <CheckboxPrimitive.Indicator className="af-checkbox__indicator">
          {rest.checked === 'indeterminate' ? <span className="af-checkbox__dash" /> : <CheckIcon />}
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <ChoiceText controlId={control.id} hintId={hintId} label={label} hint={hint} />
    </div>
  );
}
