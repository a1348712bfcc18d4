import { Button, Select, TextField } from '@appforge/ui';
import { RUN_STATUSES } from '../lib/run-format';
import type { RunStatus } from '../lib/run-format';

export interface RunFilters {
  status: RunStatus | 'all';
  /** yyyy-mm-dd (local day) or ''. */
  from: string;
  to: string;
  text: string;
}

export const NO_FILTERS: RunFilters = { status: 'all', from: '', to: '', text: '' };

export function hasFilters(filters: RunFilters): boolean {
  return filters.status !== 'all' || filters.from !== '' || filters.to !== '' || filters.text.trim() !== '';
}

export interface RunFiltersBarProps {
  value: RunFilters;
  onChange: (next: RunFilters) => void;
}

/** Status, date range and text filters of the run history. */
export function RunFiltersBar({ value, onChange }: RunFiltersBarProps) {
  const set = <K extends keyof RunFilters>(key: K, next: RunFilters[K]) => onChange({ ...value, [key]: next });
  const badRange = value.from !== '' && value.to !== '' && value.from > value.to;
  return (
    <div className="settings-filters" role="search" aria-label="Filter runs">
      <TextField
        label="Search"
        type="search"
        name="q"
        placeholder="Inputs, outputs, errors…"
        value={value.text}
        onChange={(event) => set('text', event.target.value)}
      />
      <Select
        label="Status"
        name="status"
        value={value.status}
        options={[{ value: 'all', label: 'Any status' }, ...RUN_STATUSES.map((status) => ({ value: status.value, label: status.label }))]}
        onValueChange={(status) => set('status', status as RunFilters['status'])}
      />
      <TextField label="From" type="date" name="from" value={value.from} max={value.to || undefined} onChange={(event) => set('from', event.target.value)} />
      <TextField
        label="To"
        type="date"
        name="to"
        value={value.to}
        min={value.from || undefined}
        onChange={(event) => set('to', event.target.value)}
        error={badRange ? 'The end date is before the start date.' : undefined}
      />
      {hasFilters(value) ? (
        <div className="settings-filters__clear">
          <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </div>
  );
}
