import { useApp, useLiveApp, useVersion } from '@appforge/sdk/react';
import { Badge, Button, LoadError, PageHeader, PageTitle } from '@appforge/ui';
import { messageOf } from '@appforge/sdk';
import type { AppVersionRow } from '@appforge/sdk';
import { useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AiSkeleton } from '../components/AiSkeleton';
import { AppMissing } from '../components/AppMissing';
import { BuilderChat } from '../components/BuilderChat';
import { DraftPreview } from '../components/DraftPreview';
import { VersionsPanel } from '../components/VersionsPanel';
import { aiBuilderPath, appOverviewPath, appSettingsPath, deployPath, stepEditorPath } from '../lib/paths';
import { SOURCE_WORDS, isHiddenApp, isUuid } from '../lib/words';

function Builder({ appId, versionId }: { appId: string; versionId: string }) {
  const app = useApp(appId);
  useLiveApp(appId);
  const version = useVersion(isUuid(versionId) ? versionId : null);
  const navigate = useNavigate();
  // While the next version loads (after a switch or a new AI version), keep the screen — chat
  // included — on the last one instead of flashing a skeleton.
  const lastShown = useRef<AppVersionRow | null>(null);
  if (version.data?.app_id === appId) lastShown.current = version.data;
  const shown = version.data ?? (version.isPending && lastShown.current?.app_id === appId ? lastShown.current : undefined);

  const tabTitle = <PageTitle title={[app.data?.name, 'AI builder']} />;

  if (app.isPending) {
    return (
      <>
        {tabTitle}
        <AiSkeleton label="Loading the AI builder…" />
      </>
    );
  }
  if (app.isError) {
    if (isHiddenApp(app.error)) {
      return (
        <>
          {tabTitle}
          <AppMissing />
        </>
      );
    }
    return (
      <>
        {tabTitle}
        <div className="aib-page aib-page--narrow">
          <LoadError headingLevel={1} what="The app" message={messageOf(app.error)} onRetry={() => void app.refetch()} retrying={app.isFetching} />
        </div>
      </>
    );
  }
  const detail = app.data;
  const fallbackId = detail.draft_version_id ?? detail.deployed_version_id;

  const wellFormed = isUuid(versionId);
  if (wellFormed && version.isPending && shown === undefined) {
    return (
      <>
        {tabTitle}
        <AiSkeleton label="Loading the version…" />
      </>
    );
  }
  if (wellFormed && version.isError && !isHiddenApp(version.error)) {
    return (
      <>
        {tabTitle}
        <div className="aib-page aib-page--narrow">
          <LoadError headingLevel={1} what="This version" message={messageOf(version.error)} onRetry={() => void version.refetch()} retrying={version.isFetching} />
        </div>
      </>
    );
  }
  if (shown === undefined || shown.app_id !== appId || (!wellFormed && !version.isSuccess)) {
    return (
      <>
        {tabTitle}
        <div className="aib-page aib-page--narrow">
          <h1>Version not found</h1>
          <p>{detail.name} has no such version. It may have been typed wrong or belong to another app.</p>
          {fallbackId !== null ? (
            <Button asChild>
              <Link to={aiBuilderPath(appId, fallbackId)}>Open the current draft</Link>
            </Button>
          ) : (
            <Button asChild>
              <Link to={appOverviewPath(appId)}>Open the app</Link>
            </Button>
          )}
        </div>
      </>
    );
  }

  const current = shown;
  const deployed = detail.deployed_version_id === current.id;
  const isDraft = detail.draft_version_id === current.id;

  return (
    <>
      {tabTitle}
      <div className="aib-page">
        <PageHeader
          title={detail.name}
          description={
            <span className="aib-header-line">
              AI builder · Version {current.number}
              <Badge tone="neutral">{SOURCE_WORDS[current.source]}</Badge>
              {deployed ? <Badge tone="success">Deployed</Badge> : null}
              {isDraft ? <Badge tone="brand">Draft</Badge> : null}
            </span>
          }
          breadcrumbs={
            <ol className="aib-breadcrumbs">
              <li>
                <Link to="/">Your apps</Link>
              </li>
              <li>
                <Link to={appOverviewPath(appId)}>{detail.name}</Link>
              </li>
            </ol>
          }
          actions={
            <>
              <Button asChild variant="secondary">
                <Link to={stepEditorPath(appId, current.id)}>Edit steps</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to={appSettingsPath(appId)}>Settings</Link>
              </Button>
              <Button asChild>
                <Link to={deployPath(appId, current.id)}>{deployed ? 'Deployed' : 'Deploy'}</Link>
              </Button>
            </>
          }
        />
        {version.isPending ? (
          <p role="status" className="aib-muted">
            Opening the version…
          </p>
        ) : null}
        {current.frozen ? (
          <p className="aib-note">Version {current.number} is deployed and never edited: each change you ask for becomes a new version.</p>
        ) : null}
        <div className="aib-layout">
          <BuilderChat
            key={appId}
            appId={appId}
            base={{ id: current.id, number: current.number }}
            onVersionCreated={(created) => void navigate(aiBuilderPath(appId, created))}
          />
          <DraftPreview key={current.id} appId={appId} versionId={current.id} versionNumber={current.number} />
        </div>
        <VersionsPanel app={detail} currentVersionId={current.id} />
      </div>
    </>
  );
}

/** `/ai-builder/:appId/:currentVersionId`: chat with the builder, live preview, version history. */
export function Component() {
  const { appId, currentVersionId } = useParams();
  if (!isUuid(appId)) return <AppMissing />;
  // A malformed version id is answered "not found" once the app is known (with a way back).
  return <Builder appId={appId} versionId={currentVersionId ?? ''} />;
}
