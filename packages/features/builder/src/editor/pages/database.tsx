import { useApp } from '@appforge/sdk/react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { DatabaseLinkPanel } from '../components/DatabaseLinkPanel';
import { FlowPage } from '../components/FlowPage';
import { LoadError } from '../components/LoadError';
import { Skeleton } from '../components/Skeleton';
import { editorPaths } from '../lib/editor-context';

/** `/create-app-database/:appId/:versionId` — choose the database this app reads and writes. */
export function Component() {
  const { appId = '', versionId = '' } = useParams();
  const app = useApp(appId);
  useEffect(() => {
    document.title = 'App database · Appforge';
  }, []);
  return (
    <FlowPage appId={appId} appName={app.data?.name} title="App database">
      {app.isPending ? (
        <Skeleton label="Loading the app" />
      ) : app.isError ? (
        <LoadError title="This app could not be loaded" error={app.error} onRetry={() => void app.refetch()} />
      ) : (
        <DatabaseLinkPanel
          databaseId={app.data.database_id}
          heading="No databases to choose from yet"
          action={
            <Link className="af-button af-button--secondary af-button--md" to={editorPaths.databaseNew(appId, versionId)}>
              Create a database
            </Link>
          }
        />
      )}
      <p>
        <Link to={editorPaths.version(appId, versionId)}>← Back to the steps</Link>
      </p>
    </FlowPage>
  );
}
