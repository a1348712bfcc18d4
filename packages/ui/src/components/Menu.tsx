import { clsx } from 'clsx';
import { DropdownMenu } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

export type MenuEntry =
  | {
      type?: 'item';
      /** Stable key; defaults to the position. */
      id?: string;
      label: ReactNode;
      onSelect: () => void;
      /** Decorative icon before the label. */
      icon?: ReactNode;
      /** Keyboard hint shown at the right, e.g. "⌘D". */
      shortcut?: string;
      disabled?: boolean;
      /** Styles the item as destructive (delete, revoke…). */
      destructive?: boolean;
    }
  | { type: 'separator'; id?: string }
  | { type: 'label'; id?: string; label: ReactNode };

export interface MenuProps {
  /** The element that opens the menu (a Button or IconButton); it receives the menu's ARIA wiring. */
  trigger: ReactElement;
  items: readonly MenuEntry[];
  align?: 'start' | 'center' | 'end';
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

/** An action menu (Radix DropdownMenu): arrow keys, typeahead, Escape to close. */
export function Menu({ trigger, items, align = 'start', open, defaultOpen, onOpenChange, className }: MenuProps) {
  return (
    <DropdownMenu.Root
      {...(open !== undefined ? { open } : {})}
      {...(defaultOpen !== undefined ? { defaultOpen } : {})}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={clsx('af-menu', className)} align={align} sideOffset={4}>
          {items.map((entry, index) => {
            const key = entry.id ?? String(index);
            if (entry.type === 'separator') return <DropdownMenu.Separator key={key} className="af-menu__separator" />;
            if (entry.type === 'label')
              return (
                <DropdownMenu.Label key={key} className="af-menu__label">
                  {entry.label}
                </DropdownMenu.Label>
              );
            return (
              <DropdownMenu.Item
                key={key}
                className={clsx('af-menu__item', entry.destructive && 'af-menu__item--destructive')}
                disabled={entry.disabled}
                onSelect={entry.onSelect}
              >
                {entry.icon !== undefined ? (
                  <span className="af-menu__icon" aria-hidden="true">
                    {entry.icon}
                  </span>
                ) : null}
                <span className="af-menu__text">{entry.label}</span>
                {entry.shortcut ? (
                  <span className="af-menu__shortcut" aria-hidden="true">
                    {entry.shortcut}
                  </span>
                ) : null}
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
