import { describePrice } from '@appforge/sdk';
import { usePaidBundles } from '@appforge/sdk/react';
import { Link } from 'react-router';

/**
 * Issue 27: an app in a paid bundle opens only for the bundle's buyers (and the people let in),
 * whatever its own price says; the app's settings say so and name the bundles, so "Free" and
 * "Public" are not read as "anyone can run it".
 */
export function SoldInBundles({ appId, appName, free }: { appId: string; appName: string; free: boolean }) {
  const bundles = usePaidBundles(appId);
  const list = bundles.data ?? [];
  if (list.length === 0) return null;
  return (
    <div role="note" aria-labelledby="sold-in-bundles-title" className="settings-note settings-note--warning">
      <p id="sold-in-bundles-title">
        <strong>Sold in a paid bundle</strong>
      </p>
      <p>
        {list.length === 1 ? 'This app is sold in ' : 'This app is sold in these bundles: '}
        {list.map((bundle, index) => (
          <span key={bundle.id}>
            {index > 0 ? ', ' : ''}
            <Link to={`/bundle/${bundle.id}/edit-apps`}>{bundle.name}</Link> ({describePrice(bundle.price)})
          </span>
        ))}
        .{' '}
        {free
          ? `Although its price here is Free, only people who bought the bundle (and the people you let in) can run ${appName}. To open it to everyone again, remove it from the bundle.`
          : `People get ${appName} by buying it here or by buying the bundle.`}
      </p>
    </div>
  );
}
