// A case's inputs in the app's own controls (@appforge/run-view's AnswerField) and back.
import { appInputFields } from '@appforge/engine';
import type { AppSpec, FileValue, InputField } from '@appforge/engine';
import type { AppVersionRow } from '@appforge/sdk';
import { emptyDraft } from '@appforge/run-view';
import type { DraftValue } from '@appforge/run-view';

/** The stored inputs of a case as the controls hold them: text for text, number and choice; 'yes' | 'no' for yes/no. */
export function draftOfInputs(fields: readonly InputField[], inputs: Readonly<Record<string, unknown>>): Record<string, DraftValue> {
  const draft = emptyDraft(fields);
  for (const field of fields) {
    if (!Object.prototype.hasOwnProperty.call(inputs, field.name)) continue;
    const value = inputs[field.name];
    if (field.type === 'yes_no' && typeof value === 'boolean') draft[field.name] = value ? 'yes' : 'no';
    else if (typeof value === 'string') draft[field.name] = value;
    else if (typeof value === 'number') draft[field.name] = String(value);
    else if (field.type === 'file' && typeof value === 'object' && value !== null) draft[field.name] = value as FileValue;
  }
  return draft;
}

/** The app as it is now: its draft when it has one, else the live version, else the newest. */
export function currentVersion(
  app: { draft_version_id: string | null; deployed_version_id: string | null },
  versions: readonly AppVersionRow[],
): AppVersionRow | undefined {
  const byId = (id: string | null) => (id === null ? undefined : versions.find((version) => version.id === id));
  return byId(app.draft_version_id) ?? byId(app.deployed_version_id) ?? versions[0];
}

export function fieldsOf(spec: AppSpec | undefined): InputField[] {
  return spec ? appInputFields(spec) : [];
}
