import { isNotFound, messageOf } from '@appforge/sdk';
import type { CreatedApiKey } from '@appforge/sdk';
import { useApiKey, useMyApps } from '@appforge/sdk/react';
import { Button, Card, EmptyState, PageHeader, Spinner } from '@appforge/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CreateKeyForm } from '../components/CreateKeyForm';
import { CurlForKey } from '../components/CurlForKey';
import { KeyDetails } from '../components/KeyDetails';
import { keyPaths } from '../lib/format';

const backToList = (
  <Button asChild variant="ghost">
    <Link to={keyPaths.list}>All keys</Link>
  </Button>
);

function NewKey() {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const apps = useMyApps();
  const firstApp = created?.app_ids?.[0] ?? (apps.data ?? []).find((app) => app.deployed_version_id !== null)?.id ?? null;
  return (
    <div className="af-keys-page">
      <PageHeader title="New API key" actions={backToList} />
      {created ? (
        <Card title={`Your key “${created.name}”`}>
          <CurlForKey apiKey={created.key} appId={firstApp} />
          <Button asChild>
            <Link to={keyPaths.key(created.id)}>Done</Link>
          </Button>
        </Card>
      ) : (
        <Card>
          <CreateKeyForm onCreated={setCreated} />
        </Card>
      )}
    </div>
  );
}

function ExistingKey({ apiKeyId }: { apiKeyId: string }) {
  const key = useApiKey(apiKeyId);
  if (key.isPending) return <Spinner label="Loading the key…" />;
  if (key.isError) {
    return <EmptyState title={isNotFound(key.error) ? 'This key was not found' : 'The key could not be loaded'} description={messageOf(key.error)} action={backToList} />;
  }
  return (
    <div className="af-keys-page">
      <PageHeader title={key.data.name} description="An API key" actions={backToList} />
      <KeyDetails apiKey={key.data} />
    </div>
  );
}

/** /api-key/:apiKeyId? — without an id, a new key (shown once); with one, its details. */
export function Component() {
  const { apiKeyId } = useParams();
  return apiKeyId === undefined ? <NewKey /> : <ExistingKey key={apiKeyId} apiKeyId={apiKeyId} />;
}
