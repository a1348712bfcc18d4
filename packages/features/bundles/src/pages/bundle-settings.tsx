import { messageOf } from '@appforge/sdk';
import type { AppVisibility, BundleDetail } from '@appforge/sdk';
import { useDeleteBundle, useUpdateBundle } from '@appforge/sdk/react';
import { Button, ConfirmDialog, Select, TextArea, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { BundleFrame } from '../components/BundleFrame';
import { SalesOverview } from '../components/Sales';

const VISIBILITY: { value: AppVisibility; label: string }[] = [
  { value: 'public', label: 'Public: anyone with the link, listed' },
  { value: 'unlisted', label: 'Unlisted: anyone with the link' },
  { value: 'signed_in', label: 'Signed-in people only' },
  { value: 'allowed_users', label: 'Only the people you allow' },
];

function SettingsForm({ bundle }: { bundle: BundleDetail }) {
  const [name, setName] = useState(bundle.name);
  const [description, setDescription] = useState(bundle.description ?? '');
  const [visibility, setVisibility] = useState<AppVisibility>(bundle.visibility);
  const update = useUpdateBundle();
  const remove = useDeleteBundle();
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ bundleId: bundle.id, patch: { name, description: description.trim() === '' ? null : description, visibility } });
  };
  return (
    <>
      <form className="bundles-form" onSubmit={submit} noValidate>
        <TextField label="Name" name="name" required maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
        <TextArea label="Description" name="description" maxLength={2000} value={description} onChange={(event) => setDescription(event.target.value)} />
        <Select label="Who can open it" name="visibility" value={visibility} options={VISIBILITY} onValueChange={(value) => setVisibility(value as AppVisibility)} />
        {update.isError ? (
          <p role="alert" className="bundles-error">
            {messageOf(update.error)}
          </p>
        ) : update.isSuccess ? (
          <p role="status">Saved.</p>
        ) : null}
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </form>
      <SalesOverview bundleId={bundle.id} />
      <section className="bundles-danger" aria-labelledby="delete-bundle">
        <h2 id="delete-bundle">Delete this bundle</h2>
        <p>Its apps stay; people who bought the bundle lose access through it.</p>
        <ConfirmDialog
          title={`Delete ${bundle.name}?`}
          description="This cannot be undone."
          destructive
          confirmLabel="Delete bundle"
          trigger={<Button variant="danger">Delete bundle</Button>}
          onConfirm={async () => {
            await remove.mutateAsync(bundle.id);
            await navigate('/bundles');
          }}
        />
      </section>
    </>
  );
}

/** `/bundle/:bundleId/settings` — name, description, visibility, the bundle's sales, delete. */
export function Component() {
  return <BundleFrame page="Settings">{(bundle) => <SettingsForm key={bundle.id} bundle={bundle} />}</BundleFrame>;
}
