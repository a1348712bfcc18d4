import { messageOf } from '@appforge/sdk';
import type { BundleDetail } from '@appforge/sdk';
import { useMyApps, useSetBundleApps } from '@appforge/sdk/react';
import { Button, EmptyState } from '@appforge/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppOrderList } from '../components/AppOrderList';
import type { OrderedApp } from '../components/AppOrderList';
import { BundleFrame } from '../components/BundleFrame';

function EditApps({ bundle }: { bundle: BundleDetail }) {
  const [apps, setApps] = useState<OrderedApp[]>(bundle.apps.map(({ id, name }) => ({ id, name })));
  const mine = useMyApps();
  const save = useSetBundleApps();
  const saved = bundle.apps.map((app) => app.id).join(',');
  const dirty = apps.map((app) => app.id).join(',') !== saved;
  // Issue 27: in a paid bundle an app opens only for the bundle's buyers (and the people it lets in),
  // whatever the app's own price: say so before saving rather than paywalling a free app silently.
  const savedIds = new Set(bundle.apps.map((app) => app.id));
  const added = bundle.price.kind === 'free' ? [] : apps.filter((app) => !savedIds.has(app.id));
  const candidates = (mine.data ?? []).filter((app) => app.deployed_version_id !== null && !apps.some((chosen) => chosen.id === app.id));
  return (
    <div className="bundles-edit-apps">
      {apps.length === 0 ? <p>No apps in this bundle yet: add some of your deployed apps below.</p> : <AppOrderList apps={apps} onChange={setApps} />}
      <section aria-labelledby="add-apps">
        <h2 id="add-apps">Add your deployed apps</h2>
        {mine.isPending ? (
          <p>Loading your apps…</p>
        ) : candidates.length === 0 ? (
          <EmptyState
            title="No more deployed apps to add"
            description="Only deployed apps can go into a bundle. Deploy an app first."
            action={
              <Button asChild variant="secondary">
                <Link to="/">Go to your apps</Link>
              </Button>
            }
          />
        ) : (
          <ul className="bundles-candidates">
            {candidates.map((app) => (
              <li key={app.id}>
                <span>{app.name}</span>
                <Button size="sm" variant="secondary" onClick={() => setApps([...apps, { id: app.id, name: app.name }])} aria-label={`Add ${app.name}`}>
                  Add
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {added.length > 0 ? (
        <div role="note" aria-labelledby="bundle-paywall-note" className="bundles-warning">
          <p id="bundle-paywall-note">
            <strong>Sold only in this bundle</strong>
          </p>
          <p>
            Saving puts {added.map((app) => app.name).join(', ')} behind the bundle’s price: people who have not bought “{bundle.name}” can no longer run them
            on their own, even if an app’s price is Free. Each app’s settings will say it is sold in this bundle. To keep an app free for everyone, leave it out
            of paid bundles.
          </p>
        </div>
      ) : null}
      {save.isError ? (
        <p role="alert" className="bundles-error">
          {messageOf(save.error)}
        </p>
      ) : save.isSuccess && !dirty ? (
        <p role="status">Saved.</p>
      ) : null}
      <Button disabled={!dirty || save.isPending} onClick={() => save.mutate({ bundleId: bundle.id, appIds: apps.map((app) => app.id) })}>
        {save.isPending ? 'Saving…' : 'Save apps'}
      </Button>
    </div>
  );
}

/** `/bundle/:bundleId/edit-apps` — add the owner's deployed apps, reorder (drag or keyboard), remove. */
export function Component() {
  return (
    <BundleFrame page="Apps" description="Which of your apps the bundle holds, in the order its page shows them.">
      {(bundle) => <EditApps key={bundle.id} bundle={bundle} />}
    </BundleFrame>
  );
}
