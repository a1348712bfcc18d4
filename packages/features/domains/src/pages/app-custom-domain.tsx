import { useAppName } from '@appforge/sdk/react';
import { useParams } from 'react-router';
import { CustomDomainsPanel } from '../components/CustomDomainsPanel';

/** /custom-domain/:appId — the app's (and its landing page's) custom domains. */
export function Component() {
  const { appId = '' } = useParams();
  const name = useAppName(appId);
  return (
    <CustomDomainsPanel
      scope={{ appId }}
      name={name.data}
      back={{ to: `/app-settings/${encodeURIComponent(appId)}`, label: name.data ? `${name.data}: settings` : 'App settings' }}
    />
  );
}
