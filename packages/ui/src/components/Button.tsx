import { clsx } from 'clsx';
import { Slot } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and disables the button until the work is done. */
  loading?: boolean;
  /** Icon before the label (decorative: give it aria-hidden). */
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  fullWidth?: boolean;
  /** Render the single child (a link, a router Link…) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'fullWidth' | 'loading' | 'className'>): string {
  return clsx(
    'af-button',
    `af-button--${variant}`,
    `af-button--${size}`,
    fullWidth && 'af-button--full',
    loading && 'af-button--loading',
    className,
  );
}

export function Button({
  variant,
  size,
  loading = false,
  disabled = false,
  startIcon,
  endIcon,
  fullWidth,
  asChild = false,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = buttonClassName({ variant, size, fullWidth, loading, className });
  if (asChild) {
    return (
      <Slot.Root className={classes} aria-disabled={disabled || undefined} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className="af-spinner__circle af-button__spinner" aria-hidden="true" /> : startIcon}
      {children}
      {endIcon}
    </button>
  );
}
