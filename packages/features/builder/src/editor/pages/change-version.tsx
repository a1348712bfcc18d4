import { isNotFound, messageOf } from '@appforge/sdk';
import { Button, LoadError, PageTitle } from '@appforge/ui';
import { useApp, useChangeVersion, useVersion } from '@appforge/sdk/react';
import { Link, useNavigate, useParams } from 'react-router';
import { FlowPage } from '../components/FlowPage';
import { Skeleton } from '../components/Skeleton';
import { editorPaths } from '../lib/editor-context';

/**
 * `/create-app-change-version/:appId/:versionId` — a deployed version is frozen (visitors may be
 * running it); editing it starts by copying it into a new draft.
 */
export function Component() {
  const { appId = '', versionId = '' } = useParams();
  const app = useApp(appId);
  const version = useVersion(versionId);
  const draft = useVersion(app.data?.draft_version_id && app.data.draft_version_id !== versionId ? app.data.draft_version_id : null);
  const change = useChangeVersion();
  const navigate = useNavigate();


  const body = () => {
    if (app.isPending || version.isPending) return <Skeleton label="Loading the version" />;
    if (app.isError || version.isError)
      return (
        <LoadError
          what="This version"
          message={messageOf(app.error ?? version.error)}
          notFound={isNotFound(app.error ?? version.error)}
          onRetry={() => {
            void app.refetch();
            void version.refetch();
          }}
        />
      );
    if (version.data.app_id !== appId) return <LoadError what="This version" title="This version belongs to another app" notFound />;
    const isDeployed = app.data.deployed_version_id === versionId;
    if (!version.data.frozen) {
      return (
        <div className="editor-confirm">
          <p>Version {version.data.number} is a draft: you can edit it directly.</p>
          <Link className="af-button af-button--primary af-button--md" to={editorPaths.version(appId, versionId)}>
            Edit version {version.data.number}
          </Link>
        </div>
      );
    }
    const otherDraft = draft.data && !draft.data.frozen ? draft.data : null;
    return (
      <div className="editor-confirm">
        <h2 className="editor-section-title">Version {version.data.number} is {isDeployed ? 'deployed' : 'frozen'}</h2>
        <p>
          {isDeployed
            ? 'Visitors are using this version right now, so it never changes under them. '
            : 'This version was deployed before, so it is kept exactly as it was. '}
          To make changes, Appforge copies it into a <strong>new draft</strong>. You edit the draft; visitors keep seeing{' '}
          {isDeployed ? `version ${version.data.number}` : 'the deployed version'} until you deploy the draft.
        </p>
        {otherDraft ? (
          <p className="editor-notice">
            Your current draft, version {otherDraft.number}, stays in the version history. The copy becomes the draft you work on.
          </p>
        ) : null}
        {change.isError ? (
          <p role="alert" className="editor-inline-error">
            The copy could not be made: {change.error.message}
          </p>
        ) : null}
        <div className="editor-confirm__actions">
          <Button
            loading={change.isPending}
            onClick={() =>
              change.mutate(
                { appId, versionId },
                { onSuccess: (created) => void navigate(editorPaths.changeVersionConfirm(appId, versionId, created.id)) },
              )
            }
          >
            Copy into a new draft
          </Button>
          <Link className="af-button af-button--secondary af-button--md" to={editorPaths.version(appId, versionId)}>
            Keep looking at version {version.data.number}
          </Link>
        </div>
      </div>
    );
  };

  return (
    <FlowPage appId={appId} appName={app.data?.name} title="Edit a deployed version">
      <PageTitle title="Edit a deployed version" />
      {body()}
    </FlowPage>
  );
}
