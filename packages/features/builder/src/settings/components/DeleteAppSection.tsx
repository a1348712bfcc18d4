import { Button, Card, ConfirmDialog } from '@appforge/ui';

export interface DeleteAppSectionProps {
  appName: string;
  /** Deletes the app; a rejection's message is shown in the dialog, which stays open. */
  onDelete: () => Promise<void>;
}

/** Deletes the app for good, after its exact name is typed. */
export function DeleteAppSection({ appName, onDelete }: DeleteAppSectionProps) {
  return (
    <Card
      title="Delete app"
      headingLevel={2}
      description="Removes the app, all its versions and its run history. Its links stop working. This cannot be undone."
    >
      <ConfirmDialog
        title={`Delete ${appName}?`}
        description="The app, its versions and its run history are removed for good."
        confirmLabel="Delete app"
        destructive
        confirmationText={appName}
        confirmationLabel={
          <>
            Type the app's name, <strong className="af-confirm-dialog__phrase">{appName}</strong>, to confirm
          </>
        }
        onConfirm={onDelete}
        trigger={<Button variant="danger">Delete app…</Button>}
      />
    </Card>
  );
}
