import { isNotFound, messageOf } from '@appforge/sdk';
import type { AppDetail } from '@appforge/sdk';
import { useApp, useDatabase, useLinkDatabase, useMyDatabases, useVersion } from '@appforge/sdk/react';
import { Button, EmptyState, LoadError, PageTitle } from '@appforge/ui';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { FlowPage } from '../components/FlowPage';
import { LinkedDatabase } from '../components/LinkedDatabase';
import { Skeleton } from '../components/Skeleton';
import { stepsUsingDatabase, usingSentence } from '../lib/database-steps';
import { editorPaths } from '../lib/editor-context';

/** `/create-app-database/:appId/:versionId` — choose the database this app reads and writes. */
export function Component() {
  const { appId = '', versionId = '' } = useParams();
  const app = useApp(appId);
  const tabTitle = <PageTitle title="App database" />;
  return (
    <>
      {tabTitle}
      <FlowPage appId={appId} appName={app.data?.name} title="App database" description="The database this app’s steps read rows from and save rows to.">
        {app.isPending ? (
          <Skeleton label="Loading the app’s database" rows={4} />
        ) : app.isError ? (
          <LoadError what="This app" message={messageOf(app.error)} notFound={isNotFound(app.error)} onRetry={() => void app.refetch()} />
        ) : (
          <DatabaseChooser app={app.data} versionId={versionId} />
        )}
        <p>
          <Link to={editorPaths.version(appId, versionId)}>← Back to the steps</Link>
        </p>
      </FlowPage>
    </>
  );
}

function DatabaseChooser({ app, versionId }: { app: AppDetail; versionId: string }) {
  const mine = useMyDatabases();
  const linked = useDatabase(app.database_id);
  const version = useVersion(versionId);
  const link = useLinkDatabase(app.id);
  const [selected, setSelected] = useState<string | null>(app.database_id);
  const [confirmingUnlink, setConfirmingUnlink] = useState(false);
  const [done, setDone] = useState('');
  const radioName = useId();
  const spec = version.data?.app_id === app.id ? version.data.spec : null;
  const using = spec ? stepsUsingDatabase(spec, app.database_id) : [];
  const newHref = editorPaths.databaseNew(app.id, versionId);

  const linkTo = (databaseId: string | null) => {
    setDone('');
    link.mutate(databaseId, {
      onSuccess: (updated) => {
        setConfirmingUnlink(false);
        setSelected(updated.database_id);
        const name = mine.data?.find((database) => database.id === databaseId)?.name;
        setDone(databaseId === null ? 'The app no longer uses a database.' : `“${name ?? 'The database'}” is now this app’s database.`);
      },
    });
  };
  const unlink = () => {
    if (using.length > 0 && !confirmingUnlink) {
      setConfirmingUnlink(true);
      return;
    }
    linkTo(null);
  };

  return (
    <>
      <section className="editor-confirm" aria-labelledby="linked-database-heading">
        <h2 id="linked-database-heading" className="editor-section-title">
          Linked database
        </h2>
        {app.database_id === null ? (
          <p>No database linked. Choose one of yours below, or create one.</p>
        ) : linked.isPending ? (
          <Skeleton label="Loading the linked database" rows={3} />
        ) : linked.isError ? (
          <LoadError what="The linked database" message={messageOf(linked.error)} notFound={isNotFound(linked.error)} onRetry={() => void linked.refetch()} />
        ) : (
          <>
            <LinkedDatabase database={linked.data} />
            {using.length > 0 ? (
              <p className="editor-hint">
                {usingSentence(using.length)} in this version: {using.map((step) => `“${step.title}”`).join(', ')}.
              </p>
            ) : (
              <p className="editor-hint">No step of this version reads or writes it yet.</p>
            )}
            {confirmingUnlink ? (
              <div className="editor-notice" role="alert">
                <p>
                  <strong>{usingSentence(using.length)}.</strong> Unlinked, {using.length === 1 ? 'it stops' : 'they stop'} working until the app has a
                  database again. The database and its rows are kept.
                </p>
                <div className="editor-confirm__actions">
                  <Button variant="danger" size="sm" loading={link.isPending} onClick={unlink}>
                    Unlink anyway
                  </Button>
                  <Button variant="secondary" size="sm" disabled={link.isPending} onClick={() => setConfirmingUnlink(false)}>
                    Keep it linked
                  </Button>
                </div>
              </div>
            ) : (
              <div className="editor-confirm__actions">
                <Button variant="secondary" loading={link.isPending && link.variables === null} disabled={link.isPending} onClick={unlink}>
                  Unlink
                </Button>
              </div>
            )}
          </>
        )}
      </section>

      {link.isError ? (
        <div className="editor-notice" role="alert">
          <p>
            {link.variables === null ? 'The database could not be unlinked' : 'The database could not be linked'}: {link.error.message}
          </p>
          <Button size="sm" variant="secondary" onClick={() => linkTo(link.variables ?? null)}>
            Try again
          </Button>
        </div>
      ) : null}
      <p role="status" className="editor-hint">
        {done}
      </p>

      <section className="editor-confirm" aria-labelledby="choose-database-heading">
        <h2 id="choose-database-heading" className="editor-section-title">
          Choose a database
        </h2>
        {mine.isPending ? (
          <Skeleton label="Loading your databases" rows={3} />
        ) : mine.isError ? (
          <LoadError what="Your databases" message={messageOf(mine.error)} onRetry={() => void mine.refetch()} />
        ) : mine.data.length === 0 ? (
          <EmptyState
            headingLevel={3}
            title="You have no databases yet"
            description="A database keeps what your app collects — answers, scores, sign-ups — so that later runs can read it back. Create one with a first table, link it to this app, then add a step that saves or reads its rows."
            action={
              <Link className="af-button af-button--primary af-button--md" to={newHref}>
                Create a database
              </Link>
            }
          />
        ) : (
          <>
            <fieldset className="editor-form">
              <legend className="editor-subtitle">Your databases</legend>
              <div className="editor-modes">
                {mine.data.map((database) => (
                  <label key={database.id} className={`editor-mode${selected === database.id ? ' editor-mode--active' : ''}`}>
                    <input type="radio" name={radioName} value={database.id} checked={selected === database.id} onChange={() => setSelected(database.id)} />
                    <span>
                      <strong>{database.name}</strong>
                      <span className="editor-hint">
                        {' '}
                        {database.table_count === 1 ? '1 table' : `${database.table_count} tables`}
                        {database.id === app.database_id ? ' · linked to this app' : ''}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="editor-confirm__actions">
              <Button
                loading={link.isPending && link.variables !== null}
                disabled={selected === null || selected === app.database_id || link.isPending}
                onClick={() => linkTo(selected)}
              >
                Link this database
              </Button>
              <Link className="af-button af-button--secondary af-button--md" to={newHref}>
                Create a new database
              </Link>
            </div>
          </>
        )}
      </section>
    </>
  );
}
