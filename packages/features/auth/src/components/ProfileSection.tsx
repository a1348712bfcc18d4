import { messageOf } from '@appforge/sdk';
import { useMe, useUpdateDisplayName } from '@appforge/sdk/react';
import { Button, Card, LoadError, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';

function ProfileForm({ initialName, email }: { initialName: string; email: string | null }) {
  const [name, setName] = useState(initialName);
  const update = useUpdateDisplayName();
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(name.trim());
  };
  return (
    <form className="auth-form-grid" onSubmit={save}>
      <p>
        Signed in as <strong>{email ?? 'an account without e-mail'}</strong>
      </p>
      <TextField
        label="Display name"
        name="display_name"
        value={name}
        maxLength={100}
        onChange={(event) => {
          update.reset();
          setName(event.target.value);
        }}
        error={update.isError ? messageOf(update.error) : undefined}
        hint={update.isSuccess ? 'Saved.' : 'Shown on your apps and bundles (1–100 characters).'}
      />
      <div>
        <Button type="submit" loading={update.isPending}>
          Save name
        </Button>
      </div>
    </form>
  );
}

/** Profile: the display name (seed PRODUCT.md §4 /settings). */
export function ProfileSection() {
  const profile = useMe();
  return (
    <Card title="Profile">
      {profile.isPending ? <p>Loading your profile…</p> : null}
      {profile.isError ? (
        <LoadError what="Your profile" message={messageOf(profile.error)} onRetry={() => void profile.refetch()} retrying={profile.isFetching} headingLevel={3} />
      ) : null}
      {profile.isSuccess ? (
        <ProfileForm initialName={profile.data?.display_name ?? ''} email={profile.data?.email ?? null} />
      ) : null}
    </Card>
  );
}
