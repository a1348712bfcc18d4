// The try-it panel's inputs as the app's own controls (@appforge/run-view's AnswerField): the public
// API's description of a field turned into the field the control draws, and the control's draft
// turned back into the JSON the API takes. Nothing is checked here: the API's refusal is the point.
import type { ApiInputField } from '@appforge/sdk';
import type { AnswerFieldProps, Draft } from '@appforge/run-view';

type ControlField = AnswerFieldProps['field'];

/** The control for a field the API describes; a file (which the panel cannot send) has none. */
export function controlField(field: ApiInputField): ControlField | null {
  const base = { name: field.name, label: `${field.label} (${field.name})`, required: field.required };
  switch (field.type) {
    case 'file':
      return null;
    case 'number':
    case 'yes_no':
    case 'long_text':
      return { ...base, type: field.type };
    case 'choice':
      return { ...base, type: 'choice', options: field.options ?? [] };
    default:
      return { ...base, type: 'text' };
  }
}

export function controlFields(fields: readonly ApiInputField[]): ControlField[] {
  return fields.map(controlField).filter((field): field is ControlField => field !== null);
}

/** The draft the controls start from: a sample call's values (yes/no as the control's 'yes'). */
export function draftFrom(sample: Record<string, string | number | boolean>): Record<string, string> {
  return Object.fromEntries(Object.entries(sample).map(([name, value]) => [name, value === true ? 'yes' : value === false ? 'no' : String(value)]));
}

/** The `inputs` a call sends: numbers as numbers, yes/no as booleans, an unanswered one left out. */
export function inputsFrom(fields: readonly ControlField[], draft: Draft): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const field of fields) {
    const value = draft[field.name];
    if (typeof value !== 'string') continue;
    if (field.type === 'number') {
      if (value.trim() !== '') inputs[field.name] = Number(value);
    } else if (field.type === 'yes_no') {
      if (value !== '') inputs[field.name] = value === 'yes';
    } else {
      inputs[field.name] = value;
    }
  }
  return inputs;
}
