import { useAppApiAccess, useAppforge } from '@appforge/sdk/react';
import { Link } from 'react-router';
import { keyPaths } from '../lib/format';
import { curlSnippet, sampleInputs } from '../lib/snippets';
import { KeyReveal } from './KeyReveal';

/** The new key and a curl line calling `appId` with it (from the app's real inputs). */
export function CurlForKey({ apiKey, appId }: { apiKey: string; appId: string | null }) {
  const client = useAppforge();
  const access = useAppApiAccess(appId ?? undefined);
  if (appId === null) {
    return <KeyReveal apiKey={apiKey} curl={null} curlNote="Deploy an app to call it with this key." />;
  }
  const app = access.data;
  const curl = app?.deployed ? curlSnippet(client.apiKeys.baseUrl(), appId, sampleInputs(app.inputs), apiKey) : null;
  return (
    <>
      <KeyReveal apiKey={apiKey} curl={curl} curlNote={app && !app.deployed ? `${app.name} is not deployed yet.` : undefined} />
      {app && !app.enabled ? (
        <p className="af-keys-note">
          API access is off for {app.name}: <Link to={keyPaths.appAccess(appId)}>turn it on</Link> before calling it.
        </p>
      ) : null}
    </>
  );
}
