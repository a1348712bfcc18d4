import { Button, Dialog } from '@appforge/ui';

export interface AppOpenedInNewTabModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the page in a new tab again, for when the browser blocked the automatic one. */
  onOpenInNewTab: () => void;
}

/** Shown when the sign-in page runs inside a frame and has opened itself in a new tab (seed §2.3). */
export function AppOpenedInNewTabModal({ open, onOpenChange, onOpenInNewTab }: AppOpenedInNewTabModalProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="App Opened in New Tab"
      description="The app should have opened automatically in a new tab. If it did not, open it manually."
      size="sm"
      footer={<Button onClick={onOpenInNewTab}>Open in New Tab</Button>}
    />
  );
}
