import { clsx } from 'clsx';
import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Names the tab list for assistive technology. */
  'aria-label': string;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
}

/** Tabbed panels (Radix Tabs): arrow keys move between tabs, Tab moves into the panel. */
export function Tabs({ items, value, defaultValue, onValueChange, className, 'aria-label': ariaLabel }: TabsProps) {
  const initial = defaultValue ?? items.find((item) => !item.disabled)?.value;
  return (
    <TabsPrimitive.Root
      className={clsx('af-tabs', className)}
      {...(value !== undefined ? { value } : {})}
      {...(initial !== undefined ? { defaultValue: initial } : {})}
      {...(onValueChange ? { onValueChange } : {})}
    >
      <TabsPrimitive.List className="af-tabs__list" aria-label={ariaLabel}>
        {items.map((item) => (
          <TabsPrimitive.Trigger key={item.value} value={item.value} disabled={item.disabled} className="af-tabs__trigger">
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content key={item.value} value={item.value} className="af-tabs__panel">
          {item.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
