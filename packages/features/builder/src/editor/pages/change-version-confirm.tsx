import { isNotFound, messageOf } from '@appforge/sdk';
import { useApp, useVersion } from '@appforge/sdk/react';
import { LoadError, PageTitle } from '@appforge/ui';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { FlowPage } from '../components/FlowPage';
import { Skeleton } from '../components/Skeleton';
import { editorPaths } from '../lib/editor-context';

/**
 * `/create-app-change-version-confirm/:appId/:versionId/:newVersionId` — the copy exists: says what
 * was copied, that visitors still see the deployed version, and opens the new draft.
 */
export function Component() {
  const { appId = '', versionId = '', newVersionId = '' } = useParams();
  const app = useApp(appId);
  const original = useVersion(versionId);
  const copy = useVersion(newVersionId);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (copy.data) heading.current?.focus();
  }, [copy.data]);

  const body = () => {
    if (app.isPending || original.isPending || copy.isPending) return <Skeleton label="Loading the new draft" />;
    if (app.isError || original.isError || copy.isError)
      return (
        <LoadError
          what="The new draft"
          message={messageOf(app.error ?? original.error ?? copy.error)}
          notFound={isNotFound(app.error ?? original.error ?? copy.error)}
          onRetry={() => {
            void app.refetch();
            void original.refetch();
            void copy.refetch();
          }}
        />
      );
    if (copy.data.app_id !== appId || original.data.app_id !== appId) {
      return <LoadError what="These versions" title="These versions belong to another app" notFound />;
    }
    const deployed = app.data.deployed_version_id;
    return (
      <div className="editor-confirm">
        <h2 ref={heading} tabIndex={-1} className="editor-section-title">
          Version {copy.data.number} is your new draft
        </h2>
        <p>
          It is a copy of version {original.data.number}
          {copy.data.parent_version_id !== versionId ? ' (as you last left it)' : ''}. Edit it as much as you like: nothing changes for visitors
          {deployed ? ', who keep using the deployed version,' : ''} until you deploy it.
        </p>
        <div className="editor-confirm__actions">
          <Link className="af-button af-button--primary af-button--md" to={editorPaths.version(appId, copy.data.id)}>
            Edit version {copy.data.number}
          </Link>
          <Link className="af-button af-button--secondary af-button--md" to={editorPaths.overview(appId)}>
            Back to the app
          </Link>
        </div>
      </div>
    );
  };

  return (
    <FlowPage appId={appId} appName={app.data?.name} title="New draft ready">
      <PageTitle title="New draft ready" />
      {body()}
    </FlowPage>
  );
}
