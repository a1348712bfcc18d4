import { useApp } from '@appforge/sdk/react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { DatabaseLinkPanel } from '../components/DatabaseLinkPanel';
import { FlowPage } from '../components/FlowPage';
import { LoadError } from '../components/LoadError';
import { Skeleton } from '../components/Skeleton';
import { editorPaths } from '../lib/editor-context';

/** `/create-app-database-new/:appId/:versionId` — create a database for this app. */
export function Component() {
  const { appId = '', versionId = '' } = useParams();
  const app = useApp(appId);
  useEffect(() => {
    document.title = 'New database · Appforge';
  }, []);
  return (
    <FlowPage appId={appId} appName={app.data?.name} title="New database">
      {app.isPending ? (
        <Skeleton label="Loading the app" />
      ) : app.isError ? (
        <LoadError title="This app could not be loaded" error={app.error} onRetry={() => void app.refetch()} />
      ) : (
        <DatabaseLinkPanel databaseId={app.data.database_id} heading="Creating databases is not available yet" />
      )}
      <p>
        <Link to={editorPaths.database(appId, versionId)}>← Back to the app’s database</Link>
      </p>
    </FlowPage>
  );
}
