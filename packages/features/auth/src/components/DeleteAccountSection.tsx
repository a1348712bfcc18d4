import { useDeleteAccount } from '@appforge/sdk/react';
import { Button, Card, ConfirmDialog } from '@appforge/ui';
import { useNavigate } from 'react-router';

export const DELETE_CONFIRMATION = 'delete my account';

/** Deletes the account and the user's data, after typing the confirmation phrase. */
export function DeleteAccountSection() {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  return (
    <Card title="Delete account" description="Deletes your account, your apps, bundles, databases and keys. This cannot be undone.">
      <ConfirmDialog
        title="Delete your account?"
        description="Everything that belongs to your account is removed for good."
        confirmLabel="Delete account"
        destructive
        confirmationText={DELETE_CONFIRMATION}
        onConfirm={async () => {
          await remove.mutateAsync();
          await navigate('/', { replace: true });
        }}
        trigger={<Button variant="danger">Delete account…</Button>}
      />
    </Card>
  );
}
