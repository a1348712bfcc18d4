import { isNotFound, messageOf } from '@appforge/sdk';
import type { DatabaseStep, Problem, Step } from '@appforge/engine';
import type { DatabaseDetail, DatabaseTableInfo } from '@appforge/sdk';
import { useDatabase } from '@appforge/sdk/react';
import { Button, LoadError, TextField } from '@appforge/ui';
import { useId } from 'react';
import { Link } from 'react-router';
import { COLUMN_TYPE_LABELS, FILTER_OP_LABELS, retargetDatabaseStep } from '../lib/database-steps';
import { editorPaths } from '../lib/editor-context';
import type { CompletionVariable } from '../lib/spec-ops';
import { toVariableName } from './InputFieldsEditor';
import { SelectField } from './SelectField';
import { Skeleton } from './Skeleton';

type Filter = DatabaseStep['config']['filters'][number];
const FILTER_OPS = Object.keys(FILTER_OP_LABELS) as Filter['op'][];

export interface DatabaseStepFormProps {
  step: DatabaseStep;
  change: (update: (current: Step) => Step) => void;
  problemsAt: (prefix: string) => Problem[];
  /** What the step may use, earlier steps first (see variablesForStep). */
  variables: readonly CompletionVariable[];
  readOnly: boolean;
  appId: string;
  versionId: string;
  /** The app's linked database, or null. */
  databaseId: string | null;
  /** A variable name not used in the app yet (for the rows a read step saves). */
  newVariableName: () => string;
}

function messages(problems: Problem[]): string | undefined {
  return problems.length ? problems.map((problem) => problem.message).join(' ') : undefined;
}

/** The `database` step's settings: the table of the app's database, then what is read or saved. */
export function DatabaseStepForm(props: DatabaseStepFormProps) {
  const { databaseId, appId, versionId } = props;
  const database = useDatabase(databaseId);
  if (databaseId === null) {
    return (
      <div className="editor-notice" role="note">
        <p>
          <strong>This app has no database yet.</strong> Link one of your databases (or create one) to choose the table this step reads or saves
          rows in.
        </p>
        <Link className="af-button af-button--primary af-button--sm" to={editorPaths.database(appId, versionId)}>
          Choose the app’s database
        </Link>
      </div>
    );
  }
  if (database.isPending) return <Skeleton label="Loading the app’s database" rows={3} />;
  if (database.isError) {
    return <LoadError what="The app’s database" message={messageOf(database.error)} notFound={isNotFound(database.error)} onRetry={() => void database.refetch()} />;
  }
  return <DatabaseStepFields {...props} database={database.data} />;
}

function DatabaseStepFields({ step, change, problemsAt, variables, readOnly, appId, versionId, database, newVariableName }: DatabaseStepFormProps & { database: DatabaseDetail }) {
  const id = useId();
  const config = step.config;
  const setConfig = (patch: Partial<DatabaseStep['config']>) =>
    change((current) => (current.kind === 'database' ? { ...current, config: { ...current.config, ...patch } } : current));
  const otherDatabase = config.databaseId !== database.id;
  const table = otherDatabase ? undefined : database.tables.find((candidate) => candidate.id === config.tableId);
  const earlier = variables.filter((variable) => variable.earlier);

  const chooseTable = (tableId: string) => {
    const next = database.tables.find((candidate) => candidate.id === tableId);
    if (!next) return;
    change((current) => (current.kind === 'database' ? retargetDatabaseStep(current, database.id, next) : current));
  };

  const tableError =
    messages([...problemsAt('config.databaseId'), ...problemsAt('config.tableId')]) ??
    (otherDatabase
      ? `This step uses a database that is not linked to the app. Choose a table of “${database.name}”.`
      : table === undefined
        ? `This table is not in “${database.name}” any more. Choose one of its tables.`
        : undefined);

  return (
    <>
      <SelectField
        id={`${id}-table`}
        label="Table"
        value={table?.id ?? ''}
        placeholder="Choose a table"
        options={database.tables.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        hint={
          <>
            A table of “{database.name}”, the app’s database. <Link to={editorPaths.database(appId, versionId)}>Change the database</Link>
          </>
        }
        error={tableError}
        onChange={chooseTable}
      />

      <fieldset className="editor-form">
        <legend className="editor-subtitle">What this step does</legend>
        <div className="editor-modes">
          {(
            [
              { value: 'read', label: 'Read rows', hint: 'Find rows, optionally only those that match, and save them for later steps.' },
              { value: 'write', label: 'Save a row', hint: 'Add a row made of answers from earlier steps.' },
            ] as const
          ).map((option) => (
            <label key={option.value} className={`editor-mode${config.operation === option.value ? ' editor-mode--active' : ''}`}>
              <input
                type="radio"
                name={`${id}-operation`}
                value={option.value}
                checked={config.operation === option.value}
                onChange={() =>
                  // A write step gives later steps nothing; a read step needs a name for its rows.
                  setConfig(
                    option.value === 'write'
                      ? { operation: 'write', outputVariable: undefined }
                      : { operation: 'read', outputVariable: config.outputVariable ?? newVariableName() },
                  )
                }
              />
              <span>
                <strong>{option.label}</strong>
                <span className="editor-hint"> {option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {table === undefined ? null : config.operation === 'read' ? (
        <ReadFields step={step} table={table} earlier={earlier} setConfig={setConfig} problemsAt={problemsAt} readOnly={readOnly} />
      ) : (
        <WriteFields step={step} table={table} earlier={earlier} setConfig={setConfig} problemsAt={problemsAt} />
      )}
    </>
  );
}

interface VariableSelectProps {
  id: string;
  label: string;
  value: string;
  /** The variables set before this step. */
  earlier: readonly CompletionVariable[];
  /** Offered first: e.g. "Nothing" for a column that stays empty. */
  emptyLabel?: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}

/** A variable from those set before this step; a value that is not among them stays visible. */
function VariableSelect({ id, label, value, earlier, emptyLabel, error, onChange }: VariableSelectProps) {
  return (
    <SelectField
      id={id}
      label={label}
      value={value}
      {...(emptyLabel === undefined ? {} : { emptyOption: emptyLabel })}
      options={earlier.map((variable) => ({ value: variable.reference, label: `{{${variable.reference}}} — ${variable.description}` }))}
      unknownLabel={(missing) => `{{${missing}}} (not set before this step)`}
      error={error}
      onChange={onChange}
    />
  );
}

interface OperationFieldsProps {
  step: DatabaseStep;
  table: DatabaseTableInfo;
  earlier: readonly CompletionVariable[];
  setConfig: (patch: Partial<DatabaseStep['config']>) => void;
  problemsAt: (prefix: string) => Problem[];
}

function ReadFields({ step, table, earlier, setConfig, problemsAt, readOnly }: OperationFieldsProps & { readOnly: boolean }) {
  const id = useId();
  const { filters, limit, outputVariable } = step.config;
  const setFilter = (index: number, patch: Partial<Filter>) => setConfig({ filters: filters.map((filter, i) => (i === index ? { ...filter, ...patch } : filter)) });
  const firstColumn = table.columns[0];
  const firstVariable = earlier[0];
  const filtersProblem = messages(problemsAt('config.filters').filter((problem) => problem.field === 'config.filters'));
  return (
    <>
      <div className="editor-rules">
        <h3 className="editor-subtitle">Which rows</h3>
        <p className="editor-hint">
          {filters.length === 0 ? 'Every row of the table, newest first, up to the limit.' : 'Only rows that match every filter.'}
        </p>
        {filtersProblem ? <p className="editor-inline-error">{filtersProblem}</p> : null}
        {filters.length > 0 ? (
          <ol className="editor-rules__list" aria-label="Filters">
            {filters.map((filter, i) => {
              return (
                <li key={i} className="editor-json-field">
                  <SelectField
                    id={`${id}-column-${i}`}
                    label={`Filter ${i + 1} column`}
                    value={filter.column}
                    options={table.columns.map((column) => ({ value: column.name, label: column.name }))}
                    unknownLabel={(missing) => `${missing} (not in this table)`}
                    onChange={(column) => setFilter(i, { column })}
                  />
                  <SelectField
                    id={`${id}-op-${i}`}
                    label={`Filter ${i + 1} comparison`}
                    value={filter.op}
                    options={FILTER_OPS.map((op) => ({ value: op, label: FILTER_OP_LABELS[op] }))}
                    onChange={(op) => setFilter(i, { op: op as Filter['op'] })}
                  />
                  <VariableSelect
                    id={`${id}-variable-${i}`}
                    label={`Filter ${i + 1} value`}
                    value={filter.variable}
                    earlier={earlier}
                    error={messages(problemsAt(`config.filters[${i}]`))}
                    onChange={(variable) => setFilter(i, { variable })}
                  />
                  {!readOnly ? (
                    <Button size="sm" variant="ghost" aria-label={`Remove filter ${i + 1}`} onClick={() => setConfig({ filters: filters.filter((_, j) => j !== i) })}>
                      Remove
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ol>
        ) : null}
        {!readOnly ? (
          firstColumn && firstVariable ? (
            <Button size="sm" variant="secondary" onClick={() => setConfig({ filters: [...filters, { column: firstColumn.name, op: 'eq', variable: firstVariable.reference }] })}>
              Add a filter
            </Button>
          ) : (
            <p className="editor-hint">
              {firstColumn
                ? 'A filter compares a column with an answer from an earlier step: add a step that asks for one first.'
                : 'This table has no columns to filter on.'}
            </p>
          )
        ) : null}
      </div>
      <div className="editor-grid">
        <TextField
          label="Most rows to read"
          hint="From 1 to 1000."
          type="number"
          min={1}
          max={1000}
          value={limit}
          error={messages(problemsAt('config.limit'))}
          onChange={(event) => setConfig({ limit: Math.round(Number(event.target.value)) })}
        />
        <TextField
          label="Rows saved as"
          hint={outputVariable ? `Later steps use them as {{${outputVariable}}}` : 'Name the rows so later steps can use them.'}
          spellCheck={false}
          value={outputVariable ?? ''}
          error={messages(problemsAt('config.outputVariable')) ?? (outputVariable ? undefined : 'Name the rows so later steps can use them.')}
          onChange={(event) => setConfig({ outputVariable: toVariableName(event.target.value) || undefined })}
        />
      </div>
    </>
  );
}

function WriteFields({ step, table, earlier, setConfig, problemsAt }: OperationFieldsProps) {
  const id = useId();
  const values = step.config.values;
  const setValue = (column: string, variable: string) => {
    const next = { ...values };
    if (variable === '') Reflect.deleteProperty(next, column);
    else next[column] = variable;
    setConfig({ values: next });
  };
  const stale = Object.keys(values).filter((column) => !table.columns.some((candidate) => candidate.name === column));
  return (
    <div className="editor-rules">
      <h3 className="editor-subtitle">What the new row holds</h3>
      <p className="editor-hint">For each column, the answer from an earlier step that goes into it. Columns with nothing stay empty.</p>
      {table.columns.length === 0 ? <p className="editor-hint">This table has no columns yet.</p> : null}
      {earlier.length === 0 ? <p className="editor-hint">No answers are set before this step yet: add a step that asks for them first.</p> : null}
      <div className="editor-grid">
        {table.columns.map((column, i) => (
          <VariableSelect
            key={column.name}
            id={`${id}-value-${i}`}
            label={`${column.name} (${COLUMN_TYPE_LABELS[column.type].toLowerCase()})`}
            value={values[column.name] ?? ''}
            earlier={earlier}
            emptyLabel="Nothing (left empty)"
            error={messages(problemsAt(`config.values.${column.name}`))}
            onChange={(variable) => setValue(column.name, variable)}
          />
        ))}
      </div>
      {stale.length > 0 ? (
        <div className="editor-notice" role="note">
          <p>
            Values for columns this table does not have: {stale.join(', ')}.
          </p>
          <Button size="sm" variant="secondary" onClick={() => setConfig({ values: Object.fromEntries(Object.entries(values).filter(([column]) => !stale.includes(column))) })}>
            Remove them
          </Button>
        </div>
      ) : null}
    </div>
  );
}
