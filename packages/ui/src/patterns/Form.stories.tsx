import type { Meta, StoryObj } from '@storybook/react-vite';
import { z } from 'zod';
import { Select } from '../components/Select';
import { Switch } from '../components/Switch';
import { TextArea } from '../components/TextArea';
import { Form, FormField, SubmitButton } from './Form';

const schema = z.object({
  name: z.string().trim().min(1, 'Give the bundle a name.'),
  description: z.string(),
  visibility: z.enum(['public', 'unlisted']),
  listed: z.boolean(),
});

const VISIBILITY = [
  { value: 'public', label: 'Public: anyone with the link, listed' },
  { value: 'unlisted', label: 'Unlisted: anyone with the link' },
];

function SettingsForm({ fail = false }: { fail?: boolean }) {
  return (
    <Form
      schema={schema}
      defaultValues={{ name: 'Study kit', description: '', visibility: 'public', listed: true }}
      onSubmit={() => (fail ? Promise.reject(new Error('The server took too long to answer. Try again in a moment.')) : new Promise((resolve) => setTimeout(resolve, 800)))}
      successMessage="Saved."
      aria-label="Bundle settings"
    >
      <FormField name="name" label="Name" required hint="Shown on the bundle's page." />
      <FormField name="description" label="Description">
        {({ ref: _ref, value, ...control }) => <TextArea {...control} value={value as string} />}
      </FormField>
      <FormField name="visibility" label="Who can open it">
        {({ value, onChange, ref: _ref, ...control }) => <Select {...control} value={value as string} onValueChange={onChange} options={VISIBILITY} />}
      </FormField>
      <FormField name="listed" label="In the catalogue">
        {({ value, onChange, ref: _ref, name: _name, onBlur: _onBlur, id: _id, ...control }) => (
          <Switch {...control} label="List it in the catalogue" checked={value === true} onCheckedChange={onChange} />
        )}
      </FormField>
      <SubmitButton>Save settings</SubmitButton>
    </Form>
  );
}

const meta = {
  title: 'Patterns/Form',
  component: Form,
  subcomponents: { FormField, SubmitButton },
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'react-hook-form with a zod schema, wrapped once: `FormField` shows the schema\'s error under its field (aria-describedby, aria-invalid), `SubmitButton` is busy while `onSubmit` runs, and a rejected save is said in one place. Put `UnsavedChangesGuard` from `@appforge/ui/router` inside to ask before a link drops typed text.',
      },
    },
  },
} satisfies Meta<typeof Form>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty the name and save to see a field error; save to see the busy button, then "Saved.". */
export const BundleSettings: Story = { args: {} as never, render: () => <SettingsForm /> };
/** A save the server refuses: its words are shown under the form. */
export const ServerError: Story = { args: {} as never, render: () => <SettingsForm fail /> };
