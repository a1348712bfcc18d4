import { useBundleName } from '@appforge/sdk/react';
import { useParams } from 'react-router';
import { CustomDomainsPanel } from '../components/CustomDomainsPanel';

/** /bundle/:bundleId/custom-domain — the bundle's custom domains (the bundles feature links here). */
export function Component() {
  const { bundleId = '' } = useParams();
  const name = useBundleName(bundleId);
  return (
    <CustomDomainsPanel
      scope={{ bundleId }}
      name={name.data}
      back={{ to: `/bundle/${encodeURIComponent(bundleId)}/settings`, label: name.data ? `${name.data}: settings` : 'Bundle settings' }}
    />
  );
}
