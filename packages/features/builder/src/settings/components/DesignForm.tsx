import type { AppDesign } from '@appforge/sdk';
import { Field, Select, TextArea } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { FONTS, isHexColour, LAYOUTS } from '../lib/design';
import { checkDesign, WELCOME_MAX } from '../lib/forms';
import type { FieldErrors } from '../lib/forms';
import { useUnsavedWarning } from '../lib/use-unsaved-warning';
import { ChoiceGroup } from './ChoiceGroup';
import { DesignPreview } from './DesignPreview';
import { SaveBar } from './SaveBar';
import type { SaveState } from './SaveBar';

export interface DesignFormProps {
  app: { name: string; description: string | null; icon_url: string | null; design: AppDesign };
  state: SaveState;
  onSave: (design: AppDesign) => void;
}

function same(a: AppDesign, b: AppDesign): boolean {
  return a.theme_color.toLowerCase() === b.theme_color.toLowerCase() && a.font === b.font && a.layout === b.layout && a.welcome_text === b.welcome_text;
}

/** Theme colour, font, layout and welcome text, beside a live preview of the deployed page. */
export function DesignForm({ app, state, onSave }: DesignFormProps) {
  const [values, setValues] = useState<AppDesign>(() => ({ ...app.design }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty = !same(values, app.design);
  useUnsavedWarning(dirty);

  const set = <K extends keyof AppDesign>(key: K, value: AppDesign[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkDesign(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    onSave(checked.value);
  };

  return (
    <div className="settings-design">
      <form className="settings-form" onSubmit={submit} noValidate>
        <Field label="Theme colour" error={errors.theme_color} hint="Buttons, links and the header use it. Pick one or type a #rrggbb code.">
          {(control) => (
            <div className="settings-colour">
              <input
                type="color"
                className="settings-colour__swatch"
                aria-label="Pick the theme colour"
                value={isHexColour(values.theme_color) ? values.theme_color.toLowerCase() : '#4f46e5'}
                onChange={(event) => set('theme_color', event.target.value)}
              />
              <input
                {...control}
                className="af-input settings-colour__code"
                name="theme_color"
                autoComplete="off"
                spellCheck={false}
                maxLength={7}
                value={values.theme_color}
                onChange={(event) => set('theme_color', event.target.value)}
              />
            </div>
          )}
        </Field>
        <Select
          label="Font"
          name="font"
          value={values.font}
          options={FONTS.map((font) => ({ value: font.value, label: font.label }))}
          onValueChange={(font) => set('font', font as AppDesign['font'])}
          error={errors.font}
        />
        <ChoiceGroup
          legend="Layout"
          name="layout"
          value={values.layout}
          options={LAYOUTS}
          onChange={(layout) => set('layout', layout)}
          error={errors.layout}
        />
        <TextArea
          label="Welcome text"
          name="welcome_text"
          rows={4}
          value={values.welcome_text}
          onChange={(event) => set('welcome_text', event.target.value)}
          error={errors.welcome_text}
          hint={`Shown above the app's first question. Markdown works (**bold**, lists, links). ${values.welcome_text.length} / ${WELCOME_MAX}`}
        />
        <SaveBar state={state} dirty={dirty} label="Save design" />
      </form>
      <DesignPreview name={app.name} description={app.description} iconUrl={app.icon_url} design={values} />
    </div>
  );
}
