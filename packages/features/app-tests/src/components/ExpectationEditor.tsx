import { EXPECTATION_KINDS } from '@appforge/engine';
import type { ExpectationKind } from '@appforge/engine';
import { Button, Field, TextArea, TextField } from '@appforge/ui';
import { KIND_LABELS } from '../lib/expectations';
import type { ExpectationDraft } from '../lib/expectations';

export interface ExpectationEditorProps {
  /** 1-based, for labels: "Check 2". */
  index: number;
  value: ExpectationDraft;
  onChange: (value: ExpectationDraft) => void;
  onRemove?: (() => void) | undefined;
  disabled?: boolean;
}

/** One check of a case: its kind and that kind's own controls. */
export function ExpectationEditor({ index, value, onChange, onRemove, disabled = false }: ExpectationEditorProps) {
  const id = `check-${index}`;
  const set = (patch: Partial<ExpectationDraft>) => onChange({ ...value, ...patch });
  const variable = (
    <TextField
      id={`${id}-variable`}
      label="Variable (optional)"
      hint="Leave empty to read JSON from the output; or name a variable the app sets."
      value={value.variable}
      disabled={disabled}
      onChange={(event) => set({ variable: event.target.value })}
    />
  );
  return (
    <fieldset className="app-tests-check">
      <legend>Check {index}</legend>
      <Field label="What to check" id={`${id}-kind`}>
        {(control) => (
          <select {...control} className="af-input" value={value.kind} disabled={disabled} onChange={(event) => set({ kind: event.target.value as ExpectationKind })}>
            {EXPECTATION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {value.kind === 'contains' || value.kind === 'not_contains' ? (
        <>
          <TextArea
            id={`${id}-text`}
            label={value.kind === 'contains' ? 'The output contains' : 'The output does not contain'}
            rows={2}
            value={value.text}
            disabled={disabled}
            onChange={(event) => set({ text: event.target.value })}
          />
          <label className="app-tests-inline">
            <input type="checkbox" checked={value.ignoreCase} disabled={disabled} onChange={(event) => set({ ignoreCase: event.target.checked })} /> Ignore upper and lower case
          </label>
        </>
      ) : null}
      {value.kind === 'matches' ? (
        <div className="app-tests-row">
          <TextField
            id={`${id}-pattern`}
            label="Pattern (regular expression)"
            hint="For example ^Hello|\d{3}"
            value={value.pattern}
            disabled={disabled}
            onChange={(event) => set({ pattern: event.target.value })}
          />
          <TextField id={`${id}-flags`} label="Flags" hint="i: ignore case, m: lines" value={value.flags} disabled={disabled} onChange={(event) => set({ flags: event.target.value })} />
        </div>
      ) : null}
      {value.kind === 'json_path_equals' ? (
        <>
          <div className="app-tests-row">
            <TextField id={`${id}-path`} label="JSON path" hint="For example $.answer or $.items[0].title" value={value.path} disabled={disabled} onChange={(event) => set({ path: event.target.value })} />
            <TextField id={`${id}-value`} label="Equals" hint="JSON, like 42, true or &quot;Mars&quot;; plain words count as text." value={value.value} disabled={disabled} onChange={(event) => set({ value: event.target.value })} />
          </div>
          {variable}
        </>
      ) : null}
      {value.kind === 'json_schema' ? (
        <>
          <TextArea id={`${id}-schema`} label="JSON schema" rows={6} value={value.schema} disabled={disabled} onChange={(event) => set({ schema: event.target.value })} />
          {variable}
        </>
      ) : null}
      {value.kind === 'length' ? (
        <div className="app-tests-row">
          <TextField id={`${id}-min`} label="At least (characters)" inputMode="numeric" value={value.min} disabled={disabled} onChange={(event) => set({ min: event.target.value })} />
          <TextField id={`${id}-max`} label="At most (characters)" inputMode="numeric" value={value.max} disabled={disabled} onChange={(event) => set({ max: event.target.value })} />
        </div>
      ) : null}
      {value.kind === 'choice_offered' ? (
        <TextField id={`${id}-label`} label="The button the run offers" value={value.label} disabled={disabled} onChange={(event) => set({ label: event.target.value })} />
      ) : null}
      {value.kind === 'judged' ? (
        <TextArea
          id={`${id}-rubric`}
          label="What a good answer does"
          hint="The model reads the output and this rubric, and says pass or fail with its reason."
          rows={3}
          value={value.rubric}
          disabled={disabled}
          onChange={(event) => set({ rubric: event.target.value })}
        />
      ) : null}
      {onRemove ? (
        <div>
          <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={onRemove}>
            Remove check {index}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
