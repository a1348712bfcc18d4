import { API_METHODS, PARAMETER_LOCATIONS, PARAMETER_TYPES } from '@appforge/sdk';
import type { EndpointInput, EndpointParameter } from '@appforge/sdk';
import { Button, Checkbox, TextArea, TextField } from '@appforge/ui';
import { NativeSelect } from './NativeSelect';

export type EndpointDraft = EndpointInput & { key: string };
type ParameterDraft = EndpointParameter;

const METHOD_OPTIONS = API_METHODS.map((method) => ({ value: method, label: method }));
const LOCATION_OPTIONS = PARAMETER_LOCATIONS.map((where) => ({ value: where, label: where }));
const TYPE_OPTIONS = PARAMETER_TYPES.map((type) => ({ value: type, label: type }));

/** A select inside a table cell, named by aria-label (the column header says what it is). */
function CellSelect({ label, value, options, onChange }: { label: string; value: string; options: readonly { value: string; label: string }[]; onChange: (value: string) => void }) {
  return (
    <select className="af-input apis-select" aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export function newEndpoint(): EndpointDraft {
  return { key: crypto.randomUUID(), name: '', method: 'GET', path: '/', parameters: [], response_path: '' };
}

export interface EndpointsEditorProps {
  value: readonly EndpointDraft[];
  onChange: (next: EndpointDraft[]) => void;
}

/** Each endpoint: name, method, path (with {placeholders}), its parameters and what of the answer to keep. */
export function EndpointsEditor({ value, onChange }: EndpointsEditorProps) {
  const update = (index: number, patch: Partial<EndpointDraft>): void => onChange(value.map((endpoint, i) => (i === index ? { ...endpoint, ...patch } : endpoint)));
  const updateParameter = (index: number, pIndex: number, patch: Partial<ParameterDraft>): void => {
    const endpoint = value[index];
    if (!endpoint) return;
    update(index, { parameters: (endpoint.parameters ?? []).map((p, i) => (i === pIndex ? { ...p, ...patch } : p)) });
  };
  return (
    <div className="apis-endpoints">
      {value.length === 0 ? <p className="apis-hint">No endpoints yet. Add the calls your apps will make.</p> : null}
      <ol className="apis-endpoints__list">
        {value.map((endpoint, index) => {
          const label = endpoint.name.trim() || `Endpoint ${index + 1}`;
          return (
            <li key={endpoint.key} className="apis-endpoint">
              <fieldset className="apis-fieldset">
                <legend>{label}</legend>
                <div className="apis-grid">
                  <TextField label="Name" value={endpoint.name} onChange={(event) => update(index, { name: event.target.value })} placeholder="Current weather" />
                  <NativeSelect label="Method" value={endpoint.method} options={METHOD_OPTIONS} onChange={(method) => update(index, { method: method as EndpointDraft['method'] })} />
                  <TextField
                    label="Path"
                    value={endpoint.path}
                    onChange={(event) => update(index, { path: event.target.value })}
                    hint="After the base URL, with {name} for path parameters, e.g. /weather/{city}"
                  />
                  <TextField
                    label="Response path"
                    value={endpoint.response_path ?? ''}
                    onChange={(event) => update(index, { response_path: event.target.value })}
                    placeholder="$.current.temperature"
                    hint="Which part of the JSON answer apps get; empty = all of it"
                  />
                </div>
                {endpoint.method !== 'GET' && endpoint.method !== 'DELETE' ? (
                  <TextArea
                    label="Body template (JSON)"
                    rows={3}
                    value={endpoint.body_template ?? ''}
                    onChange={(event) => update(index, { body_template: event.target.value })}
                    hint="Use {{name}} for body parameters; empty sends the body parameters as a JSON object"
                  />
                ) : null}
                <table className="apis-params">
                  <caption>Parameters of {label}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Goes into</th>
                      <th scope="col">Type</th>
                      <th scope="col">Required</th>
                      <th scope="col">
                        <span className="af-visually-hidden">Remove</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {(endpoint.parameters ?? []).map((parameter, pIndex) => (
                      <tr key={pIndex}>
                        <td>
                          <TextField aria-label={`Parameter ${pIndex + 1} name`} value={parameter.name} onChange={(event) => updateParameter(index, pIndex, { name: event.target.value })} />
                        </td>
                        <td>
                          <CellSelect
                            label={`Parameter ${pIndex + 1} goes into`}
                            value={parameter.in}
                            options={LOCATION_OPTIONS}
                            onChange={(value) => updateParameter(index, pIndex, { in: value as ParameterDraft['in'] })}
                          />
                        </td>
                        <td>
                          <CellSelect
                            label={`Parameter ${pIndex + 1} type`}
                            value={parameter.type ?? 'string'}
                            options={TYPE_OPTIONS}
                            onChange={(value) => updateParameter(index, pIndex, { type: value as ParameterDraft['type'] })}
                          />
                        </td>
                        <td>
                          <Checkbox
                            aria-label={`Parameter ${pIndex + 1} required`}
                            checked={parameter.required}
                            onCheckedChange={(checked) => updateParameter(index, pIndex, { required: checked === true })}
                          />
                        </td>
                        <td>
                          <Button
                            type="button"
                            variant="ghost"
                            size="sm"
                            onClick={() => update(index, { parameters: (endpoint.parameters ?? []).filter((_p, i) => i !== pIndex) })}
                          >
                            Remove parameter {pIndex + 1}
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <div className="apis-row">
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    onClick={() => update(index, { parameters: [...(endpoint.parameters ?? []), { name: '', in: 'query', type: 'string', required: false }] })}
                  >
                    Add a parameter to {label}
                  </Button>
                  <Button type="button" variant="ghost" size="sm" onClick={() => onChange(value.filter((_e, i) => i !== index))}>
                    Remove {label}
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button type="button" variant="secondary" onClick={() => onChange([...value, newEndpoint()])}>
        Add an endpoint
      </Button>
    </div>
  );
}
