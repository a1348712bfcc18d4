import { clsx } from 'clsx';
import { Switch as SwitchPrimitive } from 'radix-ui';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { ChoiceText } from './choice-text';
import { useFieldControl } from './field-context';

export interface SwitchProps extends Omit<ComponentProps<typeof SwitchPrimitive.Root>, 'children' | 'asChild'> {
  /** The visible label beside the switch. Without it, pass aria-label. */
  label?: ReactNode;
  /** Help text under the label, linked with aria-describedby. */
  hint?: ReactNode;
}

/** An on/off toggle that takes effect immediately (role="switch"). */
export function Switch({ label, hint, className, ...rest }: SwitchProps) {
  const fallbackId = useId();
  const control = useFieldControl(rest, fallbackId);
  const hintId = `${control.id}-hint`;
  const describedBy = [control['aria-describedby'], hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('af-choice', 'af-choice--switch', className)}>
      <SwitchPrimitive.Root {...rest} {...control} aria-describedby={describedBy} className="af-switch">
        <SwitchPrimitive.Thumb className="af-switch__thumb" />
      </SwitchPrimitive.Root>
      <ChoiceText controlId={control.id} hintId={hintId} label={label} hint={hint} />
    </div>
  );
}
