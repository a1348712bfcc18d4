import type { AppSpec } from '@appforge/engine';
import { isNotFound, messageOf } from '@appforge/sdk';
import type { AppDetail, AppVersionRow } from '@appforge/sdk';
import { useApp, useLiveApp, useLiveVersions, useVersion } from '@appforge/sdk/react';
import { Badge, Button, LoadError, PageHeader, PageTitle } from '@appforge/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useParams, useSearchParams } from 'react-router';
import { EditStepsButton } from '../../shared/components/EditStepsButton';
import { SaveIndicator } from '../components/SaveIndicator';
import { Skeleton } from '../components/Skeleton';
import { useSpecProblems } from '../data/use-spec-problems';
import { useSpecAutosave } from '../data/use-spec-autosave';
import { clearBackup, readBackup } from '../lib/autosave';
import { EditorContext, editorPaths } from '../lib/editor-context';
import type { EditorContextValue } from '../lib/editor-context';

/** JSON with object keys sorted: Postgres' jsonb does not keep the order the editor wrote. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** What the stale editor's "Reload this version" adds: unsent edits in the backup are offered, not restored. */
const ASK_UNSENT_PARAM = 'unsent';

/**
 * Whether the browser's backup may replace the saved version without asking: only when it was
 * kept after the version's last save. A version saved since (another tab, or a reload asked for by
 * a stale editor) means restoring would overwrite work done elsewhere, so the person chooses.
 */
function restoreWithoutAsking(version: AppVersionRow, backupAt: number, askParam: boolean): boolean {
  if (askParam) return false;
  const savedAt = Date.parse(version.updated_at);
  return !(Number.isFinite(savedAt) && savedAt > backupAt);
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * `/create-app/:appId/:versionId` and its step pages: loads the app and the version, holds the
 * working spec (autosaved) and renders the page of the route inside.
 */
export function Component() {
  const { appId = '', versionId = '' } = useParams();
  const app = useApp(appId);
  const version = useVersion(versionId);
  // A deploy in another tab shows here too.
  useLiveApp(appId);

  const tabTitle = <PageTitle title={[app.data?.name, 'Edit steps']} />;

  if (app.isPending || version.isPending) {
    return (
      <>
        {tabTitle}
        <div className="editor-page">
          <Skeleton label="Loading the app’s steps" rows={5} />
        </div>
      </>
    );
  }
  if (app.isError || version.isError) {
    return (
      <>
        {tabTitle}
        <div className="editor-page">
          <LoadError
            what={app.isError ? 'This app' : 'This version'}
            message={messageOf(app.error ?? version.error)}
            notFound={isNotFound(app.error ?? version.error)}
            onRetry={() => {
              void app.refetch();
              void version.refetch();
            }}
          />
          <p>
            <Link to="/">Back to your apps</Link>
          </p>
        </div>
      </>
    );
  }
  if (version.data.app_id !== app.data.id) {
    return (
      <>
        {tabTitle}
        <div className="editor-page">
          <LoadError what="This version" title="This version belongs to another app" notFound />
          <p>
            <Link to={editorPaths.overview(appId)}>Open {app.data.name}</Link>
          </p>
        </div>
      </>
    );
  }
  return (
    <>
      {tabTitle}
      <EditorSession key={version.data.id} app={app.data} version={version.data} />
    </>
  );
}

/**
 * The live version is read-only; "Make changes" opens the app's draft in one click (a copy of
 * this version, made now, when there is none) instead of a detour through "change version".
 */
function DeployedNotice({ app, version }: { app: AppDetail; version: AppVersionRow }) {
  const draft = useVersion(app.draft_version_id !== null && app.draft_version_id !== version.id ? app.draft_version_id : null);
  const editable = draft.data && !draft.data.frozen ? draft.data : null;
  return (
    <div className="editor-notice" role="note">
      <p>
        <strong>This version is deployed, so it cannot change:</strong> visitors may be running it right now.{' '}
        {editable
          ? `Your changes go into your draft, version ${editable.number}, which visitors only see once you deploy it.`
          : 'Make changes copies it into a new draft that visitors only see once you deploy it.'}
      </p>
      <EditStepsButton app={app} variant="primary">
        Make changes
      </EditStepsButton>
    </div>
  );
}

function EditorSession({ app, version }: { app: AppDetail; version: AppVersionRow }) {
  const frozen = version.frozen;
  const [params] = useSearchParams();
  const [initial] = useState(() => {
    const backup = frozen ? null : readBackup(localStorageOrNull(), version.id);
    const differs = backup !== null && JSON.stringify(backup.spec) !== JSON.stringify(version.spec);
    const restore = differs && backup !== null && restoreWithoutAsking(version, backup.at, params.get(ASK_UNSENT_PARAM) === 'ask');
    return { spec: restore ? backup.spec : version.spec, restored: restore, offered: differs && !restore ? backup : null };
  });
  // Unsent edits kept in this browser, waiting for the person to restore or discard them.
  const [offered, setOffered] = useState(initial.offered);
  const [restoredLater, setRestoredLater] = useState(false);
  const [spec, setSpec] = useState<AppSpec>(initial.spec);
  const specRef = useRef(spec);
  const autosave = useSpecAutosave(version.id);
  const { edit: save } = autosave;

  const restoredSent = useRef(false);
  useEffect(() => {
    // Restored edits go to the server as soon as the editor opens (once).
    if (!initial.restored || restoredSent.current) return;
    restoredSent.current = true;
    save(initial.spec);
  }, [initial, save]);


  // Another tab (the step editor or the AI builder) may make a newer version or change this one:
  // then this tab stops saving and says so, instead of overwriting that work.
  const live = useLiveVersions(app.id);
  const ownSpecs = useRef(new Set([canonicalJson(initial.spec), canonicalJson(version.spec)]));
  const [stale, setStale] = useState<{ versionId: string; number: number | undefined } | null>(null);
  useEffect(() => {
    if (!live || frozen) return;
    if (live.eventType === 'INSERT' && live.versionId !== version.id && (live.number ?? 0) > version.number) {
      setStale((current) => current ?? { versionId: live.versionId, number: live.number });
    } else if (live.eventType === 'UPDATE' && live.versionId === version.id && live.spec !== undefined && !ownSpecs.current.has(canonicalJson(live.spec))) {
      setStale((current) => current ?? { versionId: version.id, number: version.number });
    }
  }, [live, frozen, version.id, version.number]);
  const { hold } = autosave;
  useEffect(() => {
    // An autosave already waiting for its pause (or a retry) must not overwrite the newer work.
    if (stale) hold();
  }, [stale, hold]);
  const track = (next: AppSpec) => {
    ownSpecs.current.add(canonicalJson(next));
    save(next);
  };

  function edit(update: (current: AppSpec) => AppSpec): void {
    if (frozen || stale) return;
    const next = update(specRef.current);
    if (next === specRef.current) return;
    specRef.current = next;
    setSpec(next);
    track(next);
  }

  const { problems, apiCheck } = useSpecProblems(spec);
  const errors = problems.filter((problem) => problem.severity === 'error').length;

  const value: EditorContextValue = {
    appId: app.id,
    versionId: version.id,
    app,
    version,
    spec,
    problems,
    apiCheck,
    frozen,
    save: autosave.state,
    restored: initial.restored,
    edit,
    retry: autosave.retry,
  };

  const isDeployed = app.deployed_version_id === version.id;
  return (
    <EditorContext value={value}>
      <div className="editor-page">
        <PageHeader
          title={app.name}
          breadcrumbs={
            <ol className="editor-breadcrumbs">
              <li>
                <Link to="/">Apps</Link>
              </li>
              <li>
                <Link to={editorPaths.overview(app.id)}>{app.name}</Link>
              </li>
              <li aria-current="page">Version {version.number}</li>
            </ol>
          }
          description={
            <span className="editor-header__meta">
              Version {version.number}{' '}
              {isDeployed ? <Badge tone="success">Deployed</Badge> : frozen ? <Badge tone="neutral">Frozen</Badge> : <Badge tone="brand">Draft</Badge>}{' '}
              {errors > 0 ? <Badge tone="danger">{`${errors} error${errors === 1 ? '' : 's'}`}</Badge> : null}
            </span>
          }
          actions={
            <div className="editor-header__actions">
              {!frozen ? <SaveIndicator state={autosave.state} onRetry={autosave.retry} /> : null}
              <Link className="af-button af-button--secondary af-button--sm" to={editorPaths.database(app.id, version.id)}>
                Database
              </Link>
              <Link className="af-button af-button--primary af-button--sm" to={editorPaths.deploy(app.id, version.id)}>
                Deploy…
              </Link>
            </div>
          }
        />
        {frozen && isDeployed ? <DeployedNotice app={app} version={version} /> : null}
        {frozen && !isDeployed ? (
          <div className="editor-notice" role="note">
            <p>
              <strong>This version is frozen, so it cannot change:</strong> it was deployed before and is kept exactly as it was. To edit it,
              make an editable copy: a new draft that visitors only see once you deploy it.
            </p>
            <Link className="af-button af-button--primary af-button--sm" to={editorPaths.changeVersion(app.id, version.id)}>
              Edit a copy of this version
            </Link>
          </div>
        ) : null}
        {stale ? (
          <div className="editor-notice" role="alert">
            <p>
              <strong>
                {stale.versionId === version.id
                  ? 'This version was changed in another tab.'
                  : `A newer version exists: version ${stale.number ?? ''} was made in another tab.`}
              </strong>{' '}
              This tab stopped saving so that it does not overwrite that work.
            </p>
            <a
              className="af-button af-button--primary af-button--sm"
              href={stale.versionId === version.id ? `${editorPaths.version(app.id, version.id)}?${ASK_UNSENT_PARAM}=ask` : editorPaths.version(app.id, stale.versionId)}
            >
              {stale.versionId === version.id ? 'Reload this version' : `Open version ${stale.number ?? ''}`}
            </a>
          </div>
        ) : null}
        {offered && !stale && !frozen ? (
          <div className="editor-notice" role="alert">
            <p>
              <strong>This browser kept changes to version {version.number} that never reached the server,</strong> and the version was saved
              since then, perhaps in another tab. Restoring them replaces what is saved now.
            </p>
            <div className="editor-notice__actions">
              <Button
                size="sm"
                onClick={() => {
                  const kept = offered.spec;
                  setOffered(null);
                  setRestoredLater(true);
                  edit(() => kept);
                }}
              >
                Restore my unsent changes
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  clearBackup(localStorageOrNull(), version.id);
                  setOffered(null);
                }}
              >
                Discard them
              </Button>
            </div>
          </div>
        ) : null}
        {initial.restored || restoredLater ? (
          <div className="editor-notice" role="note">
            <p>Changes you made in this browser that had not reached the server yet were restored and are being saved.</p>
          </div>
        ) : null}
        <Outlet />
      </div>
    </EditorContext>
  );
}
