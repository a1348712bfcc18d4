import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'children' | 'role'> {
  /** Announced to screen readers; visually hidden. */
  label?: string;
  size?: SpinnerSize;
}

/** A busy indicator that screen readers announce as a status ("Loading"). */
export function Spinner({ label = 'Loading', size = 'md', className, ...rest }: SpinnerProps) {
  return (
    <span role="status" className={clsx('af-spinner', `af-spinner--${size}`, className)} {...rest}>
      <span className="af-spinner__circle" aria-hidden="true" />
      <span className="af-visually-hidden">{label}</span>
    </span>
  );
}
