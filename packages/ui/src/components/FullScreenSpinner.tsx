import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { Spinner } from './Spinner';

export interface FullScreenSpinnerProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Announced to screen readers and, when `showLabel` is set, shown under the spinner. */
  label?: string;
  showLabel?: boolean;
}

/** Covers the viewport while a whole page (or the app) is loading. */
export function FullScreenSpinner({ label = 'Loading', showLabel = false, className, ...rest }: FullScreenSpinnerProps) {
  return (
    <div className={clsx('af-fullscreen-spinner', className)} aria-busy="true" {...rest}>
      <Spinner size="lg" label={label} />
      {showLabel ? (
        <p className="af-fullscreen-spinner__label" aria-hidden="true">
          {label}
        </p>
      ) : null}
    </div>
  );
}
