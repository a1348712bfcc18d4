import type { ColumnChange, DatabaseTableInfo, TableChangeResult } from '@appforge/sdk';
import { useChangeDatabaseTable } from '@appforge/sdk/react';
import { valueText } from '@appforge/sdk';
import { Button, Checkbox, Select, TextField } from '@appforge/ui';
import { useState } from 'react';
import { changeSentence, ruleSentence } from '../lib/change-sentences';
import { TYPE_OPTIONS, isColumnType } from '../lib/column-types';

export interface ColumnsEditorProps {
  table: DatabaseTableInfo;
  /** The other tables of the database, for link columns. */
  tables: readonly DatabaseTableInfo[];
}

const startFrom = (table: DatabaseTableInfo): ColumnChange[] => table.columns.map((column) => ({ ...column, from: column.name }));

/**
 * One table's columns as an editable list: rename, change type, reorder, delete, add. Nothing is
 * saved until the preview says what happens to the existing rows and the person confirms.
 */
export function ColumnsEditor({ table, tables }: ColumnsEditorProps) {
  const [draft, setDraft] = useState<ColumnChange[]>(() => startFrom(table));
  const [preview, setPreview] = useState<TableChangeResult | null>(null);
  const change = useChangeDatabaseTable();

  function edit(index: number, next: Partial<ColumnChange>) {
    setPreview(null);
    setDraft(draft.map((column, i) => (i === index ? { ...column, ...next } : column)));
  }
  function move(index: number, by: number) {
    const target = index + by;
    if (target < 0 || target >= draft.length) return;
    const next = [...draft];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(target, 0, moved);
    setPreview(null);
    setDraft(next);
  }
  const cleaned = (columns: ColumnChange[] = draft): ColumnChange[] =>
    columns.map(({ linkTableId, required, unique, default: fallback, ...column }) => ({
      ...column,
      ...(column.type === 'link' ? { linkTableId: linkTableId ?? tables[0]?.id ?? table.id } : {}),
      ...(required === true ? { required } : {}),
      ...(unique === true && column.type !== 'json' ? { unique } : {}),
      ...(fallback === undefined || fallback === null || unique === true ? {} : { default: fallback }),
    }));

  const dirty = JSON.stringify(cleaned()) !== JSON.stringify(cleaned(startFrom(table)));

  return (
    <section aria-labelledby={`edit-${table.id}`} className="db-stack db-editor">
      <h3 id={`edit-${table.id}`}>{`Columns of ${table.name}`}</h3>
      <ol className="db-editor__columns">
        {draft.map((column, index) => (
          <li key={column.from ?? `new-${String(index)}`} className="db-editor__column">
            <TextField label={`Column ${String(index + 1)} name`} value={column.name} maxLength={64} onChange={(event) => edit(index, { name: event.target.value })} />
            <Select
              label={`Column ${String(index + 1)} type`}
              value={column.type}
              onValueChange={(value) => {
                if (isColumnType(value)) edit(index, { type: value });
              }}
              options={TYPE_OPTIONS}
            />
            {column.type === 'link' ? (
              <Select
                label={`Column ${String(index + 1)} links to`}
                value={column.linkTableId ?? tables[0]?.id ?? table.id}
                onValueChange={(value) => edit(index, { linkTableId: value })}
                options={tables.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              />
            ) : null}
            <div className="db-editor__rules">
              <Checkbox
                label="Required"
                aria-label={`${column.name || `Column ${String(index + 1)}`} is required`}
                checked={column.required === true}
                onCheckedChange={(checked) => edit(index, { required: checked === true })}
              />
              <Checkbox
                label="Unique"
                aria-label={`${column.name || `Column ${String(index + 1)}`} is unique`}
                disabled={column.type === 'json'}
                checked={column.unique === true}
                onCheckedChange={(checked) => edit(index, checked === true ? { unique: true, default: undefined } : { unique: false })}
              />
              <TextField
                label={`Column ${String(index + 1)} default`}
                hint={column.unique === true ? 'A unique column has no default.' : 'What a new row without a value gets.'}
                disabled={column.unique === true}
                value={column.default === undefined || column.default === null ? '' : valueText(column.default)}
                maxLength={1000}
                onChange={(event) => edit(index, { default: event.target.value === '' ? undefined : event.target.value })}
              />
            </div>
            <div className="db-actions">
              <Button size="sm" variant="ghost" aria-label={`Move ${column.name || 'column'} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                ↑
              </Button>
              <Button size="sm" variant="ghost" aria-label={`Move ${column.name || 'column'} down`} disabled={index === draft.length - 1} onClick={() => move(index, 1)}>
                ↓
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete the column ${column.name || String(index + 1)}`}
                onClick={() => {
                  setPreview(null);
                  setDraft(draft.filter((_, i) => i !== index));
                }}
              >
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div className="db-actions">
        <Button
          variant="secondary"
          onClick={() => {
            setPreview(null);
            setDraft([...draft, { name: `Column ${String(draft.length + 1)}`, type: 'text' }]);
          }}
        >
          Add column
        </Button>
        <Button
          disabled={!dirty}
          loading={change.isPending && change.variables.apply === false}
          onClick={() => change.mutate({ tableId: table.id, columns: cleaned(), apply: false }, { onSuccess: setPreview })}
        >
          Preview the changes
        </Button>
        {dirty ? (
          <Button variant="ghost" onClick={() => { setPreview(null); setDraft(startFrom(table)); }}>
            Discard
          </Button>
        ) : null}
      </div>
      {change.error ? (
        <p role="alert" className="db-error">
          {change.error.message}
        </p>
      ) : null}
      {preview ? (
        <div className="db-preview" role="region" aria-label={`What happens to ${table.name}`}>
          {preview.applied ? (
            <p role="status">Saved. The rows were changed as described.</p>
          ) : null}
          <ul>
            {preview.changes.map((item, i) => {
              const sentence = changeSentence(item);
              return (
                <li key={`${item.kind}-${item.column}-${String(i)}`} className={sentence.warning ? 'db-warning' : undefined}>
                  {sentence.text}
                </li>
              );
            })}
          </ul>
          {preview.rules.length > 0 ? (
            <div role="alert" className="db-error">
              <p>Existing rows break the rules you turn on, so the change cannot be saved:</p>
              <ul>
                {preview.rules.map((problem) => (
                  <li key={`${problem.column}-${problem.rule}`}>{ruleSentence(problem)}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {preview.blockedBy.length > 0 ? (
            <div role="alert" className="db-error">
              <p>These app steps use a column you rename or delete, so the change cannot be saved. Change the steps first:</p>
              <ul>
                {preview.blockedBy.map((step) => (
                  <li key={`${step.appId}-${String(step.version)}-${step.stepId}-${step.column}`}>
                    {`${step.appName}, version ${String(step.version)}, step “${step.stepTitle}” uses “${step.column}”`}
                  </li>
                ))}
              </ul>
            </div>
          ) : !preview.applied && preview.rules.length === 0 ? (
            <Button
              loading={change.isPending && change.variables.apply}
              onClick={() =>
                change.mutate(
                  { tableId: table.id, columns: cleaned(), apply: true },
                  {
                    onSuccess: (result) => {
                      setPreview(result);
                      if (result.applied) setDraft(result.columns.map((column) => ({ ...column, from: column.name })));
                    },
                  },
                )
              }
            >
              Save the changes
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
