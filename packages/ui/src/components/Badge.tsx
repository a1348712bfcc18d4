import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

export interface BadgeProps extends ComponentProps<'span'> {
  tone?: BadgeTone;
}

/** A short status label. The text must carry the meaning; the tone only reinforces it. */
export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return <span className={clsx('af-badge', `af-badge--${tone}`, className)} {...rest} />;
}
