import { clsx } from 'clsx';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

export type AvatarSize = 'sm' | 'md' | 'lg';

export interface AvatarProps extends Omit<ComponentProps<'span'>, 'children'> {
  /** The person's or thing's name: the accessible name, and the source of the initials. */
  name: string;
  /** Picture URL; the initials show while it loads and if it fails. */
  src?: string | null;
  size?: AvatarSize;
}

/** Up to two initials from a name: "Ada Lovelace" → "AL", "ada@example.com" → "A". */
export function initialsOf(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export function Avatar({ name, src, size = 'md', className, ...rest }: AvatarProps) {
  return (
    <AvatarPrimitive.Root className={clsx('af-avatar', `af-avatar--${size}`, className)} {...rest}>
      {src ? <AvatarPrimitive.Image className="af-avatar__image" src={src} alt={name} /> : null}
      <AvatarPrimitive.Fallback className="af-avatar__fallback" role="img" aria-label={name}>
        <span aria-hidden="true">{initialsOf(name)}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
