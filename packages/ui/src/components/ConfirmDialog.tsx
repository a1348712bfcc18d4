import { AlertDialog } from 'radix-ui';
import { useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Button } from './Button';

export interface ConfirmDialogProps {
  title: ReactNode;
  description?: ReactNode;
  /** Runs on confirm. While a returned promise is pending the dialog shows a spinner and stays open;
   *  if it rejects, the error's message is shown and the dialog stays open. */
  onConfirm: () => void | Promise<void>;
  /** The element that opens the dialog; focus returns to it on close. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for actions that delete or cannot be undone. */
  destructive?: boolean;
  /** When set, the confirm button stays disabled until this exact text is typed (e.g. the app's name). */
  confirmationText?: string;
  /** Label of the "type to confirm" input. */
  confirmationLabel?: ReactNode;
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong. Please try again.';
}

/** Asks "are you sure?" before an action (Radix AlertDialog: focus starts on Cancel). */
export function ConfirmDialog({
  title,
  description,
  onConfirm,
  trigger,
  open,
  defaultOpen = false,
  onOpenChange,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  confirmationText,
  confirmationLabel,
}: ConfirmDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const isOpen = open ?? uncontrolledOpen;

  const setOpen = (next: boolean) => {
    if (!next && pending) return; // The action is running: it decides when the dialog closes.
    if (!next) {
      setTyped('');
      setError(null);
    }
    if (open === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };

  const needsText = confirmationText !== undefined;
  const textMatches = !needsText || typed === confirmationText;

  const confirm = async () => {
    if (!textMatches || pending) return;
    setError(null);
    setPending(true);
    try {
      await onConfirm();
      setPending(false);
      setTyped('');
      if (open === undefined) setUncontrolledOpen(false);
      onOpenChange?.(false);
    } catch (caught) {
      setPending(false);
      setError(messageOf(caught));
    }
  };

  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setOpen}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="af-dialog__overlay" />
        <AlertDialog.Content
          className="af-dialog af-dialog--sm"
          onOpenAutoFocus={(event) => {
            // With a phrase to type, start in its input; otherwise Radix focuses Cancel (the safe choice).
            if (inputRef.current) {
              event.preventDefault();
              inputRef.current.focus();
            }
          }}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        >
          <div className="af-dialog__header">
            <AlertDialog.Title className="af-dialog__title">{title}</AlertDialog.Title>
          </div>
          {description !== undefined ? (
            <AlertDialog.Description className="af-dialog__description">{description}</AlertDialog.Description>
          ) : null}
          <form
            className="af-dialog__body af-confirm-dialog__form"
            onSubmit={(event) => {
              event.preventDefault();
              // React bubbles events through portals: a dialog opened inside another form must
              // not submit that form too.
              event.stopPropagation();
              void confirm();
            }}
          >
            {needsText ? (
              <div className="af-field">
                <label className="af-field__label" htmlFor={inputId}>
                  {confirmationLabel ?? (
                    <>
                      Type <strong className="af-confirm-dialog__phrase">{confirmationText}</strong> to confirm
                    </>
                  )}
                </label>
                <input
                  ref={inputRef}
                  id={inputId}
                  className="af-input"
                  value={typed}
                  autoComplete="off"
                  spellCheck={false}
                  disabled={pending}
                  onChange={(event) => setTyped(event.target.value)}
                />
              </div>
            ) : null}
            {error !== null ? (
              <p id={errorId} role="alert" className="af-field__error">
                {error}
              </p>
            ) : null}
            <div className="af-dialog__footer">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={pending}>
                  {cancelLabel}
                </Button>
              </AlertDialog.Cancel>
              <Button
                type="submit"
                variant={destructive ? 'danger' : 'primary'}
                loading={pending}
                disabled={!textMatches}
                aria-describedby={error !== null ? errorId : undefined}
              >
                {confirmLabel}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
