import { clsx } from 'clsx';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { IconButton } from './IconButton';
import { CloseIcon } from './icons';

export interface DialogProps {
  title: ReactNode;
  description?: ReactNode;
  /** The element that opens the dialog; focus returns to it on close. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Buttons at the bottom, e.g. Cancel and Save. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  closeLabel?: string;
  className?: string;
  children?: ReactNode;
}

/** A modal dialog (Radix Dialog): traps focus, closes on Escape, restores focus to the trigger. */
export function Dialog({
  title,
  description,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  footer,
  size = 'md',
  closeLabel = 'Close',
  className,
  children,
}: DialogProps) {
  return (
    <DialogPrimitive.Root
      {...(open !== undefined ? { open } : {})}
      {...(defaultOpen !== undefined ? { defaultOpen } : {})}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="af-dialog__overlay" />
        <DialogPrimitive.Content
          className={clsx('af-dialog', `af-dialog--${size}`, className)}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        >
          <div className="af-dialog__header">
            <DialogPrimitive.Title className="af-dialog__title">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <IconButton aria-label={closeLabel} icon={<CloseIcon />} size="sm" />
            </DialogPrimitive.Close>
          </div>
          {description !== undefined ? (
            <DialogPrimitive.Description className="af-dialog__description">{description}</DialogPrimitive.Description>
          ) : null}
          {children !== undefined ? <div className="af-dialog__body">{children}</div> : null}
          {footer !== undefined ? <div className="af-dialog__footer">{footer}</div> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
