import { isNotFound, messageOf } from '@appforge/sdk';
import type { AppDetail, DatabaseColumnType, DatabaseDetail } from '@appforge/sdk';
import { useApp, useCreateDatabase, useLinkDatabase } from '@appforge/sdk/react';
import { Button, LoadError, PageTitle, TextArea, TextField, useToast } from '@appforge/ui';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FlowPage } from '../components/FlowPage';
import { Skeleton } from '../components/Skeleton';
import { COLUMN_TYPE_LABELS, checkNewDatabase } from '../lib/database-steps';
import type { NewDatabaseErrors, NewDatabaseForm } from '../lib/database-steps';
import { editorPaths } from '../lib/editor-context';

// A link column points at another table; a new database has none to point at yet.
const NEW_COLUMN_TYPES: DatabaseColumnType[] = ['text', 'number', 'boolean', 'date', 'json'];

/** `/create-app-database-new/:appId/:versionId` — create a database and link it to this app. */
export function Component() {
  const { appId = '', versionId = '' } = useParams();
  const app = useApp(appId);
  const tabTitle = <PageTitle title="New database" />;
  return (
    <>
      {tabTitle}
      <FlowPage
        appId={appId}
        appName={app.data?.name}
        title="New database"
        description="A database keeps what your app collects. Start with one table; each column is one thing a row holds."
      >
        {app.isPending ? (
          <Skeleton label="Loading the app" />
        ) : app.isError ? (
          <LoadError what="This app" message={messageOf(app.error)} notFound={isNotFound(app.error)} onRetry={() => void app.refetch()} />
        ) : (
          <NewDatabaseFormView app={app.data} versionId={versionId} />
        )}
        <p>
          <Link to={editorPaths.database(appId, versionId)}>← Back to the app’s database</Link>
        </p>
      </FlowPage>
    </>
  );
}

function NewDatabaseFormView({ app, versionId }: { app: AppDetail; versionId: string }) {
  const create = useCreateDatabase();
  const link = useLinkDatabase(app.id);
  const navigate = useNavigate();
  const { toast } = useToast();
  const typeId = useId();
  const [form, setForm] = useState<NewDatabaseForm>({ name: '', description: '', tableName: '', columns: [{ name: '', type: 'text' }] });
  const [submitted, setSubmitted] = useState(false);
  // Created but not linked yet (the link failed): a retry only links, it does not create twice.
  const [created, setCreated] = useState<DatabaseDetail | null>(null);
  const checked = checkNewDatabase(form);
  const errors: NewDatabaseErrors = submitted && !checked.ok ? checked.errors : {};
  const busy = create.isPending || link.isPending;

  const setColumn = (index: number, patch: Partial<NewDatabaseForm['columns'][number]>) =>
    setForm((current) => ({ ...current, columns: current.columns.map((column, i) => (i === index ? { ...column, ...patch } : column)) }));

  const linkAndLeave = async (database: DatabaseDetail) => {
    await link.mutateAsync(database.id);
    toast({ title: `“${database.name}” was created and linked to ${app.name}.`, tone: 'success' });
    void navigate(editorPaths.database(app.id, versionId));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (created) {
      await linkAndLeave(created).catch(() => undefined);
      return;
    }
    if (!checked.ok) return;
    try {
      const database = await create.mutateAsync(checked.input);
      setCreated(database);
      await linkAndLeave(database);
    } catch {
      // The mutation's error is shown below the form.
    }
  };

  return (
    <form className="editor-confirm" noValidate onSubmit={(event) => void submit(event)} aria-label="New database">
      <TextField
        label="Name"
        hint="Up to 100 characters, e.g. “Quiz scores”."
        required
        disabled={created !== null}
        value={form.name}
        error={errors.name}
        onChange={(event) => setForm((current) => ({ ...current, name: event.target.value }))}
      />
      <TextArea
        label="Description (optional)"
        hint="What it keeps, for you later. Up to 2000 characters."
        rows={3}
        disabled={created !== null}
        value={form.description}
        error={errors.description}
        onChange={(event) => setForm((current) => ({ ...current, description: event.target.value }))}
      />
      <fieldset className="editor-form" disabled={created !== null}>
        <legend className="editor-subtitle">First table</legend>
        <TextField
          label="Table name"
          hint="What one row is, e.g. “Scores” or “Sign-ups”. Up to 64 characters."
          required
          value={form.tableName}
          error={errors.tableName}
          onChange={(event) => setForm((current) => ({ ...current, tableName: event.target.value }))}
        />
        <h2 className="editor-subtitle" id={`${typeId}-columns`}>
          Columns
        </h2>
        {errors.columns ? <p className="editor-inline-error">{errors.columns}</p> : null}
        {form.columns.length === 0 ? <p className="editor-hint">No columns yet: add one for each thing a row holds.</p> : null}
        <ol className="editor-fields__list" aria-labelledby={`${typeId}-columns`}>
          {form.columns.map((column, i) => (
            <li key={i} className="editor-json-field">
              <TextField
                label={`Column ${i + 1} name`}
                spellCheck={false}
                value={column.name}
                error={errors.column?.[i]}
                onChange={(event) => setColumn(i, { name: event.target.value })}
              />
              <div className="af-field">
                <label className="af-field__label" htmlFor={`${typeId}-type-${i}`}>
                  Column {i + 1} type
                </label>
                <select
                  id={`${typeId}-type-${i}`}
                  className="af-input editor-select"
                  value={column.type}
                  onChange={(event) => setColumn(i, { type: event.target.value as DatabaseColumnType })}
                >
                  {NEW_COLUMN_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {COLUMN_TYPE_LABELS[type]}
                    </option>
                  ))}
                </select>
              </div>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove column ${i + 1}`}
                onClick={() => setForm((current) => ({ ...current, columns: current.columns.filter((_, j) => j !== i) }))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
        <Button
          size="sm"
          variant="secondary"
          className="editor-database__add"
          onClick={() => setForm((current) => ({ ...current, columns: [...current.columns, { name: '', type: 'text' }] }))}
        >
          Add a column
        </Button>
      </fieldset>
      {create.isError ? (
        <p role="alert" className="editor-inline-error">
          The database could not be created: {create.error.message} Your entries are kept; try again.
        </p>
      ) : null}
      {created && link.isError ? (
        <p role="alert" className="editor-inline-error">
          “{created.name}” was created, but it could not be linked to this app: {link.error.message}
        </p>
      ) : null}
      {submitted && !checked.ok && !created ? (
        <p role="alert" className="editor-inline-error">
          Check the fields marked above.
        </p>
      ) : null}
      <div className="editor-confirm__actions">
        <Button type="submit" loading={busy}>
          {created ? 'Try linking again' : 'Create and link'}
        </Button>
        <Link className="af-button af-button--secondary af-button--md" to={editorPaths.database(app.id, versionId)}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
