import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';

export interface IconButtonProps
  extends Omit<ButtonProps, 'children' | 'startIcon' | 'endIcon' | 'fullWidth' | 'asChild' | 'aria-label'> {
  /** An icon has no text, so its accessible name is required. */
  'aria-label': string;
  /** The icon; rendered aria-hidden. */
  icon: ReactNode;
}

export function IconButton({ icon, className, variant = 'ghost', ...rest }: IconButtonProps) {
  return (
    <Button variant={variant} className={clsx('af-icon-button', className)} {...rest}>
      {rest.loading ? null : <span className="af-icon-button__icon" aria-hidden="true">{icon}</span>}
    </Button>
  );
}
