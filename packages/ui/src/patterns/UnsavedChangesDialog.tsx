import { ConfirmDialog } from '../components/ConfirmDialog';

export interface UnsavedChangesDialogProps {
  open: boolean;
  /** Keep the page and what was typed. Also runs on Escape and when the dialog is dismissed. */
  onStay: () => void;
  /** Go on to where the person was heading, dropping what was typed. */
  onLeave: () => void;
}

/** "Leave without saving?" — asked before a navigation drops typed text (see `UnsavedChangesGuard`). */
export function UnsavedChangesDialog({ open, onStay, onLeave }: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay();
      }}
      title="Leave without saving?"
      description="What you changed on this page is not saved yet. If you leave, it is lost."
      cancelLabel="Stay"
      confirmLabel="Leave"
      destructive
      onConfirm={onLeave}
    />
  );
}
