import type { InputField, InputFieldType } from '@appforge/engine';
import { Button, TextField } from '@appforge/ui';
import { useId } from 'react';

export const FIELD_TYPE_LABELS: Record<InputFieldType, string> = {
  text: 'Short text',
  long_text: 'Long text',
  number: 'Number',
  choice: 'Choice',
  yes_no: 'Yes / no',
  file: 'File',
};

export interface InputFieldsEditorProps {
  fields: readonly InputField[];
  onChange: (fields: InputField[]) => void;
  /** A variable name not used in the app yet, for a new field. */
  newName: () => string;
  readOnly: boolean;
  /** Messages per field index from the engine, shown under the field. */
  problemsFor: (index: number) => string[];
}

/** Converts a field to another type, keeping what every type shares. */
export function changeFieldType(field: InputField, type: InputFieldType): InputField {
  const base = {
    name: field.name,
    label: field.label,
    required: field.required,
    ...(field.placeholder !== undefined ? { placeholder: field.placeholder } : {}),
    ...(field.help !== undefined ? { help: field.help } : {}),
  };
  switch (type) {
    case 'text':
    case 'long_text':
    case 'yes_no':
      return { ...base, type };
    case 'number':
      return { ...base, type };
    case 'choice':
      return { ...base, type, options: field.type === 'choice' ? field.options : ['Option 1', 'Option 2'] };
    case 'file':
      return { ...base, type, maxBytes: 10 * 1024 * 1024 };
  }
}

/** Variable names are lower-case with _ (the engine's rule): typing “My Topic” gives my_topic. */
export function toVariableName(raw: string): string {
  return raw.toLowerCase().replace(/[^a-z0-9_]+/g, '_');
}

const optionalNumber = (raw: string): number | undefined => {
  if (raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
};

/** The fields of an input step: what the visitor is asked, each becoming a `{{variable}}`. */
export function InputFieldsEditor({ fields, onChange, newName, readOnly, problemsFor }: InputFieldsEditorProps) {
  const update = (index: number, field: InputField) => onChange(fields.map((existing, i) => (i === index ? field : existing)));
  const move = (index: number, by: number) => {
    const to = index + by;
    if (to < 0 || to >= fields.length) return;
    const next = [...fields];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(to, 0, moved);
    onChange(next);
  };
  return (
    <div className="editor-fields">
      {fields.length === 0 ? <p className="editor-hint">No fields yet: add what the visitor should answer.</p> : null}
      <ol className="editor-fields__list" aria-label="Fields">
        {fields.map((field, index) => (
          <li key={index} className="editor-field">
            <FieldEditor
              field={field}
              index={index}
              count={fields.length}
              readOnly={readOnly}
              problems={problemsFor(index)}
              onChange={(next) => update(index, next)}
              onMove={(by) => move(index, by)}
              onRemove={() => onChange(fields.filter((_, i) => i !== index))}
            />
          </li>
        ))}
      </ol>
      {!readOnly ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onChange([...fields, { type: 'text', name: newName(), label: 'New question', required: false }])}
        >
          Add a field
        </Button>
      ) : null}
    </div>
  );
}

interface FieldEditorProps {
  field: InputField;
  index: number;
  count: number;
  readOnly: boolean;
  problems: string[];
  onChange: (field: InputField) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}

function FieldEditor({ field, index, count, readOnly, problems, onChange, onMove, onRemove }: FieldEditorProps) {
  const typeId = useId();
  const requiredId = useId();
  const position = `field ${index + 1}`;
  return (
    <fieldset className="editor-field__box" disabled={readOnly}>
      <legend className="editor-field__legend">
        Field {index + 1}: {field.label || 'untitled'}
      </legend>
      <div className="editor-grid">
        <TextField label="Question" value={field.label} onChange={(event) => onChange({ ...field, label: event.target.value })} />
        <TextField
          label="Variable name"
          hint={`Use it as {{${field.name}}}`}
          value={field.name}
          spellCheck={false}
          onChange={(event) => onChange({ ...field, name: toVariableName(event.target.value) })}
        />
        <div className="af-field">
          <label className="af-field__label" htmlFor={typeId}>
            Answer type
          </label>
          <select
            id={typeId}
            className="af-input editor-select"
            value={field.type}
            onChange={(event) => onChange(changeFieldType(field, event.target.value as InputFieldType))}
          >
            {Object.entries(FIELD_TYPE_LABELS).map(([type, label]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Placeholder"
          value={field.placeholder ?? ''}
          onChange={(event) => onChange({ ...field, placeholder: event.target.value || undefined })}
        />
      </div>
      {field.type === 'choice' ? (
        <div className="af-field">
          <label className="af-field__label" htmlFor={`${typeId}-options`}>
            Options (one per line)
          </label>
          <textarea
            id={`${typeId}-options`}
            className="af-input af-textarea"
            rows={Math.min(8, Math.max(3, field.options.length + 1))}
            value={field.options.join('\n')}
            onChange={(event) => onChange({ ...field, options: event.target.value.split('\n') })}
          />
        </div>
      ) : null}
      {field.type === 'number' ? (
        <div className="editor-grid">
          <TextField
            label="Lowest allowed"
            type="number"
            value={field.min ?? ''}
            onChange={(event) => onChange({ ...field, min: optionalNumber(event.target.value) })}
          />
          <TextField
            label="Highest allowed"
            type="number"
            value={field.max ?? ''}
            onChange={(event) => onChange({ ...field, max: optionalNumber(event.target.value) })}
          />
        </div>
      ) : null}
      {field.type === 'text' || field.type === 'long_text' ? (
        <TextField
          label="Maximum length (characters)"
          type="number"
          min={1}
          value={field.maxLength ?? ''}
          onChange={(event) => onChange({ ...field, maxLength: optionalNumber(event.target.value) })}
        />
      ) : null}
      <div className="editor-field__row">
        <label className="editor-check" htmlFor={requiredId}>
          <input id={requiredId} type="checkbox" checked={field.required} onChange={(event) => onChange({ ...field, required: event.target.checked })} />
          Required
        </label>
        {!readOnly ? (
          <span className="editor-field__buttons">
            <Button size="sm" variant="ghost" disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Move ${position} up`}>
              Up
            </Button>
            <Button size="sm" variant="ghost" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={`Move ${position} down`}>
              Down
            </Button>
            <Button size="sm" variant="danger" onClick={onRemove} aria-label={`Remove ${position}: ${field.label}`}>
              Remove
            </Button>
          </span>
        ) : null}
      </div>
      {problems.length > 0 ? (
        <ul className="editor-inline-problems">
          {problems.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
