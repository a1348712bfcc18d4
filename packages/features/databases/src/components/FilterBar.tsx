import type { DatabaseColumn, DatabaseFilterOp, DatabaseRowFilter } from '@appforge/sdk';
import { DATABASE_FILTER_OPS } from '@appforge/sdk';
import { Button, Select, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';

/** The `database` step's operators, in words. */
export const OP_LABELS: Readonly<Record<DatabaseFilterOp, string>> = {
  eq: 'is',
  neq: 'is not',
  contains: 'contains',
  gt: 'is more than',
  lt: 'is less than',
  gte: 'is at least',
  lte: 'is at most',
};

export interface FilterBarProps {
  columns: readonly DatabaseColumn[];
  filters: readonly DatabaseRowFilter[];
  onChange: (filters: DatabaseRowFilter[]) => void;
}

/** Filters the server applies, with the operators an app's `database` step uses. */
export function FilterBar({ columns, filters, onChange }: FilterBarProps) {
  const [column, setColumn] = useState(columns[0]?.name ?? '');
  const [op, setOp] = useState<DatabaseFilterOp>('contains');
  const [value, setValue] = useState('');

  function add(event: FormEvent) {
    event.preventDefault();
    if (!column) return;
    onChange([...filters, { column, op, value }]);
    setValue('');
  }

  return (
    <div className="db-filters">
      <form className="db-filters__form" onSubmit={add} aria-label="Add a filter">
        <Select label="Column" value={column} onValueChange={setColumn} options={columns.map((candidate) => ({ value: candidate.name, label: candidate.name }))} />
        <Select
          label="Condition"
          value={op}
          onValueChange={(next) => setOp(DATABASE_FILTER_OPS.find((candidate) => candidate === next) ?? 'contains')}
          options={DATABASE_FILTER_OPS.map((candidate) => ({ value: candidate, label: OP_LABELS[candidate] }))}
        />
        <TextField label="Value" value={value} onChange={(event) => setValue(event.target.value)} maxLength={1000} />
        <Button type="submit" variant="secondary" disabled={!column}>
          Add filter
        </Button>
      </form>
      {filters.length > 0 ? (
        <ul className="db-filters__list" aria-label="Filters">
          {filters.map((filter, index) => (
            <li key={`${filter.column}-${filter.op}-${filter.value}-${String(index)}`} className="db-chip">
              <span>{`${filter.column} ${OP_LABELS[filter.op]} “${filter.value}”`}</span>
              <button
                type="button"
                aria-label={`Remove the filter ${filter.column} ${OP_LABELS[filter.op]} ${filter.value}`}
                onClick={() => onChange(filters.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
