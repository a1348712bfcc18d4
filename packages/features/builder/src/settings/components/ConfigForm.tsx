import type { AppConfig } from '@appforge/sdk';
import { Field, TextArea, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { allowHostLines, checkConfig, configValuesOf, MAX_TOKENS_LIMIT, MODEL_ID_MAX, SYSTEM_PROMPT_MAX } from '../lib/forms';
import type { ConfigValues, FieldErrors } from '../lib/forms';
import { useUnsavedWarning } from '../lib/use-unsaved-warning';
import { ChoiceGroup } from './ChoiceGroup';
import { SaveBar } from './SaveBar';
import type { SaveState } from './SaveBar';

export interface ConfigFormProps {
  config: AppConfig;
  state: SaveState;
  onSave: (config: AppConfig) => void;
}

function same(a: ConfigValues, b: ConfigValues): boolean {
  return (
    a.modelMode === b.modelMode &&
    (a.modelMode === 'default' || a.modelId.trim() === b.modelId.trim()) &&
    a.temperature === b.temperature &&
    a.maxOutputTokens.trim() === b.maxOutputTokens.trim() &&
    a.systemPrompt === b.systemPrompt &&
    allowHostLines(a.allowHosts) === allowHostLines(b.allowHosts)
  );
}

function temperatureWords(value: number): string {
  if (value <= 0.3) return 'focused and repeatable';
  if (value <= 1) return 'balanced';
  if (value <= 1.5) return 'varied';
  return 'very varied, sometimes off-topic';
}

/**
 * The model settings every AI step starts from: which model, temperature, the most tokens an
 * answer may use, and a system prompt; and the hosts the app's API steps may call. There is no model catalogue endpoint yet, so the choice is
 * the server's default model or a model id typed in (the server refuses ids it does not serve
 * when the app runs).
 */
export function ConfigForm({ config, state, onSave }: ConfigFormProps) {
  const [values, setValues] = useState<ConfigValues>(() => configValuesOf(config));
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty = !same(values, configValuesOf(config));
  useUnsavedWarning(dirty);

  const set = <K extends keyof ConfigValues>(key: K, value: ConfigValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkConfig(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    onSave(checked.value);
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <ChoiceGroup
        legend="Model"
        name="modelMode"
        value={values.modelMode}
        onChange={(mode) => set('modelMode', mode)}
        options={[
          {
            value: 'default',
            label: 'Default model',
            description: 'Whatever model this Appforge server is set up with (the offline model when none is).',
          },
          {
            value: 'custom',
            label: 'A specific model',
            description: 'Type the id the server knows it by, for example gpt-4o-mini. A run fails with a clear message if the server does not offer it.',
          },
        ]}
      />
      {values.modelMode === 'custom' ? (
        <TextField
          label="Model id"
          name="modelId"
          required
          autoComplete="off"
          spellCheck={false}
          value={values.modelId}
          onChange={(event) => set('modelId', event.target.value)}
          error={errors.modelId}
          hint={`Up to ${MODEL_ID_MAX} characters.`}
        />
      ) : null}
      <Field label="Temperature" error={errors.temperature} hint={`${values.temperature.toFixed(1)}: ${temperatureWords(values.temperature)}. From 0 (the same answer every time) to 2 (the most varied).`}>
        {(control) => (
          <div className="settings-slider">
            <input
              {...control}
              type="range"
              name="temperature"
              min={0}
              max={2}
              step={0.1}
              value={values.temperature}
              aria-valuetext={`${values.temperature.toFixed(1)}, ${temperatureWords(values.temperature)}`}
              onChange={(event) => set('temperature', Number(event.target.value))}
            />
            <output className="settings-slider__value" aria-hidden="true">
              {values.temperature.toFixed(1)}
            </output>
          </div>
        )}
      </Field>
      <TextField
        label="Maximum output tokens"
        name="maxOutputTokens"
        inputMode="numeric"
        autoComplete="off"
        value={values.maxOutputTokens}
        onChange={(event) => set('maxOutputTokens', event.target.value)}
        error={errors.maxOutputTokens}
        hint={`The longest answer one AI step may write, 1 to ${MAX_TOKENS_LIMIT} (about ¾ of a word per token).`}
      />
      <TextArea
        label="System prompt"
        name="systemPrompt"
        rows={6}
        value={values.systemPrompt}
        onChange={(event) => set('systemPrompt', event.target.value)}
        error={errors.systemPrompt}
        hint={`Instructions for the model that hold for the whole app, for example the tone to use. ${values.systemPrompt.length} / ${SYSTEM_PROMPT_MAX}`}
      />
      <TextArea
        label="Hosts its API steps may call"
        name="allowHosts"
        rows={4}
        spellCheck={false}
        autoComplete="off"
        placeholder={'api.example.com\n*.school.example'}
        value={values.allowHosts}
        onChange={(event) => set('allowHosts', event.target.value)}
        error={errors.allowHosts}
        hint="One host per line; *.example.com allows every subdomain of example.com. Leave it empty to allow any public host. Private, internal and cloud metadata addresses are always refused."
      />
      <SaveBar state={state} dirty={dirty} label="Save configuration" />
    </form>
  );
}
