import { appVisibilitySchema, bundleNameSchema, messageOf } from '@appforge/sdk';
import type { AppVisibility, BundleDetail } from '@appforge/sdk';
import { useDeleteBundle, useUpdateBundle } from '@appforge/sdk/react';
import { Button, ConfirmDialog, Form, FormField, Select, SubmitButton, TextArea } from '@appforge/ui';
import { UnsavedChangesGuard } from '@appforge/ui/router';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { BundleFrame } from '../components/BundleFrame';
import { SalesOverview } from '../components/Sales';

const VISIBILITY: { value: AppVisibility; label: string }[] = [
  { value: 'public', label: 'Public: anyone with the link, listed' },
  { value: 'unlisted', label: 'Unlisted: anyone with the link' },
  { value: 'signed_in', label: 'Signed-in people only' },
  { value: 'allowed_users', label: 'Only the people you allow' },
];

const settingsSchema = z.object({
  name: bundleNameSchema,
  description: z.string().max(2000, { message: 'The description has at most 2,000 characters.' }),
  visibility: appVisibilitySchema,
});

function SettingsForm({ bundle }: { bundle: BundleDetail }) {
  const update = useUpdateBundle();
  const remove = useDeleteBundle();
  const navigate = useNavigate();
  return (
    <>
      <Form
        className="bundles-form"
        aria-label="Bundle settings"
        schema={settingsSchema}
        defaultValues={{ name: bundle.name, description: bundle.description ?? '', visibility: bundle.visibility }}
        onSubmit={({ name, description, visibility }) =>
          update.mutateAsync({ bundleId: bundle.id, patch: { name, description: description.trim() === '' ? null : description, visibility } })
        }
        messageOf={messageOf}
        successMessage="Saved."
      >
        <UnsavedChangesGuard />
        <FormField name="name" label="Name" required maxLength={120} />
        <FormField name="description" label="Description">
          {({ value, ...control }) => <TextArea {...control} value={value as string} maxLength={2000} />}
        </FormField>
        <FormField name="visibility" label="Who can open it">
          {({ value, onChange, ...control }) => <Select {...control} value={value as AppVisibility} options={VISIBILITY} onValueChange={onChange} />}
        </FormField>
        <SubmitButton>Save settings</SubmitButton>
      </Form>
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
