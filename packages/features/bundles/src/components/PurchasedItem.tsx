import type { PurchaseRow } from '@appforge/sdk';
import { useAppName, useBundleName } from '@appforge/sdk/react';
import { Link } from 'react-router';
import { bundlePaths, deployedAppPath } from '../lib/paths';

/**
 * What a purchase was for, by name and as a link: the app's page, or the bundle's page (its
 * settings for the seller). The name loads on its own; until then the kind stands in.
 */
export function PurchasedItem({ purchase, seller = false }: { purchase: PurchaseRow; seller?: boolean }) {
  const appName = useAppName(purchase.item_kind === 'app' ? purchase.app_id : null);
  const bundleName = useBundleName(purchase.item_kind === 'bundle' ? purchase.bundle_id : null);
  if (purchase.item_kind === 'plan') return <>Pro plan</>;
  if (purchase.item_kind === 'app' && purchase.app_id) {
    return <Link to={deployedAppPath(purchase.app_id)}>{appName.data ?? 'App'}</Link>;
  }
  if (purchase.item_kind === 'bundle' && purchase.bundle_id) {
    const paths = bundlePaths(purchase.bundle_id);
    return <Link to={seller ? paths.settings : paths.page}>{bundleName.data ?? 'Bundle'}</Link>;
  }
  return <>{purchase.item_kind === 'bundle' ? 'Bundle' : 'App'}</>;
}
