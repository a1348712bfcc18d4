import type { AppDetail } from '@appforge/sdk';
import { TextArea, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { checkDetails, DESCRIPTION_MAX, NAME_MAX } from '../lib/forms';
import type { DetailsPatch, DetailsValues, FieldErrors } from '../lib/forms';
import { VISIBILITY_LEVELS } from '../lib/visibility';
import { useUnsavedWarning } from '../lib/use-unsaved-warning';
import { ChoiceGroup } from './ChoiceGroup';
import { SaveBar } from './SaveBar';
import type { SaveState } from './SaveBar';

export interface DetailsFormProps {
  app: Pick<AppDetail, 'name' | 'description' | 'visibility' | 'anonymous_runs_per_day'>;
  state: SaveState;
  onSave: (patch: DetailsPatch) => void;
}

function valuesOf(app: DetailsFormProps['app']): DetailsValues {
  return { name: app.name, description: app.description ?? '', visibility: app.visibility, anonymousRuns: String(app.anonymous_runs_per_day) };
}

/** Name, description and who can open the app (the four visibility levels, explained). */
export function DetailsForm({ app, state, onSave }: DetailsFormProps) {
  const [values, setValues] = useState<DetailsValues>(() => valuesOf(app));
  const [errors, setErrors] = useState<FieldErrors>({});
  const saved = valuesOf(app);
  const dirty =
    values.name !== saved.name ||
    values.description !== saved.description ||
    values.visibility !== saved.visibility ||
    values.anonymousRuns.trim() !== saved.anonymousRuns;
  useUnsavedWarning(dirty);

  const set = <K extends keyof DetailsValues>(key: K, value: DetailsValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkDetails(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    onSave(checked.value);
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <TextField
        label="Name"
        name="name"
        required
        value={values.name}
        maxLength={NAME_MAX + 20}
        autoComplete="off"
        onChange={(event) => set('name', event.target.value)}
        error={errors.name}
        hint={`Shown on the app, its landing page and the sign-in screen (up to ${NAME_MAX} characters).`}
      />
      <TextArea
        label="Description"
        name="description"
        rows={4}
        value={values.description}
        onChange={(event) => set('description', event.target.value)}
        error={errors.description}
        hint={`What the app does, for the landing page. ${values.description.length} / ${DESCRIPTION_MAX}`}
      />
      <ChoiceGroup
        legend="Who can open the app"
        name="visibility"
        value={values.visibility}
        onChange={(visibility) => set('visibility', visibility)}
        error={errors.visibility}
        hint="You can always open and edit your own app. This applies to the deployed version."
        options={VISIBILITY_LEVELS.map((level) => ({ value: level.value, label: level.label, description: level.explanation }))}
      />
      <TextField
        label="Runs without sign-in per day"
        name="anonymousRuns"
        inputMode="numeric"
        value={values.anonymousRuns}
        onChange={(event) => set('anonymousRuns', event.target.value)}
        error={errors.anonymousRuns}
        hint="How many times visitors who are not signed in may run the app each day (they count against your plan). One visitor's address gets at most a fifth; 0 asks everyone to sign in first."
      />
      <SaveBar state={state} dirty={dirty} label="Save details" />
    </form>
  );
}
